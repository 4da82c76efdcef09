import { describe, expect, it } from 'vitest';
import { type Utterance, UtteranceEndpointer } from '../../src/transcription/audio/utterance-endpointer.ts';

/** Bursts of a loud tone between pauses: 1.2 s sound, 0.5 s quiet, 25 s unbroken sound, 0.4 s quiet. */
function signal(): Int16Array {
  const parts: [number, boolean][] = [
    [0.4, false],
    [1.2, true],
    [0.5, false],
    [25, true],
    [0.4, false],
    [0.8, true],
  ];
  const total = parts.reduce((sum, [seconds]) => sum + Math.round(seconds * 16000), 0);
  const pcm = new Int16Array(total);
  let at = 0;
  for (const [seconds, loud] of parts) {
    const n = Math.round(seconds * 16000);
    for (let i = 0; i < n; i++)
      pcm[at + i] = loud ? Math.round(8000 * Math.sin((2 * Math.PI * 300 * i) / 16000)) : (i % 7) - 3;
    at += n;
  }
  return pcm;
}

/** Cuts `pcm` pushed in blocks of `block`; checks each cut against what was committed before. */
function cut(pcm: Int16Array, block: number): { from: number; length: number }[] {
  const cuts: { from: number; length: number }[] = [];
  let committed: { from: number; length: number } | undefined;
  const endpointer = new UtteranceEndpointer((u: Utterance) => {
    const length = u.pcm.length - (u.from - u.start);
    if (committed?.from === u.from) expect(length).toBeGreaterThanOrEqual(committed.length);
    cuts.push({ from: u.from, length });
    committed = undefined;
  });
  for (let at = 0; at < pcm.length; at += block) {
    endpointer.push(pcm.subarray(at, at + block));
    const now = endpointer.committed();
    if (now) committed = { from: now.from, length: now.pcm.length };
  }
  endpointer.flush();
  return cuts;
}

describe('the live endpointer', () => {
  it('cuts at or after all it committed to an utterance, the same however the audio is split', () => {
    const pcm = signal();
    const small = cut(pcm, 160);
    expect(small.length).toBeGreaterThanOrEqual(3);
    expect(cut(pcm, 1600)).toEqual(small);
    expect(cut(pcm, 5333)).toEqual(small);
  });
});
