import { describe, expect, it } from 'vitest';
import { planUtterances } from '../../src/transcription/audio/utterances.ts';

const RATE = 16000;

/** "Speech" (a loud tone) with silent pauses at the given seconds. */
function speechWithPauses(seconds: number, pauses: number[]): Int16Array {
  const pcm = new Int16Array(seconds * RATE);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(8000 * Math.sin(i / 3));
  for (const at of pauses) pcm.fill(0, Math.round((at - 0.3) * RATE), Math.round((at + 0.3) * RATE));
  return pcm;
}

describe('planUtterances', () => {
  it('keeps a short recording in one piece', () => {
    expect(planUtterances(new Int16Array(29 * RATE), { sampleRate: RATE })).toEqual([
      { start: 0, end: 29 * RATE },
    ]);
  });

  it('cuts a long recording inside its pauses', () => {
    const pauses = [5, 17, 31, 44, 58];
    const ranges = planUtterances(speechWithPauses(70, pauses), { sampleRate: RATE });
    expect(ranges[0]!.start).toBe(0);
    expect(ranges.at(-1)!.end).toBe(70 * RATE);
    for (let i = 1; i < ranges.length; i++) {
      expect(ranges[i]!.start).toBe(ranges[i - 1]!.end);
      const cut = ranges[i]!.start / RATE;
      expect(pauses.some((p) => Math.abs(cut - p) <= 0.15)).toBe(true);
    }
    for (const { start, end } of ranges) expect((end - start) / RATE).toBeLessThanOrEqual(30);
  });

  it('still bounds utterances when there is no pause at all', () => {
    const ranges = planUtterances(speechWithPauses(100, []), { sampleRate: RATE });
    expect(ranges.length).toBeGreaterThanOrEqual(4);
    for (const { start, end } of ranges.slice(0, -1)) {
      expect((end - start) / RATE).toBeGreaterThanOrEqual(12);
      expect((end - start) / RATE).toBeLessThanOrEqual(30);
    }
  });
});
