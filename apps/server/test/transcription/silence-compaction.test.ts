import { describe, expect, it } from 'vitest';
import { compactSilence } from '../../src/transcription/pocketsphinx/silence-compaction.ts';

const RATE = 16000;

/** Builds audio from parts: a tone at `db` dBFS RMS, or silence (optionally noise) for `seconds`. */
function audio(...parts: { seconds: number; db?: number; noiseDb?: number }[]): Int16Array {
  const total = parts.reduce((n, p) => n + Math.round(p.seconds * RATE), 0);
  const pcm = new Int16Array(total);
  let at = 0;
  let seed = 1;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  for (const part of parts) {
    const n = Math.round(part.seconds * RATE);
    for (let i = 0; i < n; i++) {
      let value = 0;
      if (part.db !== undefined)
        value += Math.SQRT2 * 10 ** (part.db / 20) * Math.sin((2 * Math.PI * 300 * i) / RATE);
      if (part.noiseDb !== undefined) value += Math.sqrt(12) * 10 ** (part.noiseDb / 20) * random();
      pcm[at + i] = Math.round(value * 32767);
    }
    at += n;
  }
  return pcm;
}

describe('compactSilence', () => {
  it('leaves audio without long pauses untouched', () => {
    const pcm = audio({ seconds: 1, db: -20 }, { seconds: 0.6 }, { seconds: 1, db: -20 });
    const compacted = compactSilence(pcm, RATE);
    expect(compacted.pcm).toBe(pcm);
    expect(compacted.toOriginal(1.9)).toBe(1.9);
  });

  it('keeps 0.5 s after speech and 0.2 s before it, and maps times back across the cut', () => {
    const pcm = audio({ seconds: 1, db: -20 }, { seconds: 3 }, { seconds: 1, db: -20 });
    const compacted = compactSilence(pcm, RATE);
    // 3 s pause -> 0.7 s kept: 2.3 s fewer samples to decode.
    expect(compacted.pcm.length).toBe(pcm.length - 2.3 * RATE);
    // Before the cut nothing moves; after it, times move back by 2.3 s.
    expect(compacted.toOriginal(0.5)).toBeCloseTo(0.5, 6);
    expect(compacted.toOriginal(1.5)).toBeCloseTo(3.8, 6);
    expect(compacted.toOriginal(2.2)).toBeCloseTo(4.5, 6);
    // The kept samples are the original ones.
    expect(compacted.pcm.subarray(0, RATE)).toEqual(pcm.subarray(0, RATE));
    expect(compacted.pcm.subarray(1.7 * RATE)).toEqual(pcm.subarray(4 * RATE));
  });

  it('puts a time on the seam with the speech after it, and an end time with the speech before', () => {
    const pcm = audio({ seconds: 1, db: -20 }, { seconds: 3 }, { seconds: 1, db: -20 });
    const compacted = compactSilence(pcm, RATE);
    expect(compacted.toOriginal(1.5)).toBeCloseTo(3.8, 6);
    expect(compacted.toOriginal(1.5, true)).toBeCloseTo(1.5, 6);
  });

  it('trims a long pause at the start and at the end down to the margins', () => {
    const pcm = audio({ seconds: 2 }, { seconds: 1, db: -20 }, { seconds: 2 });
    const compacted = compactSilence(pcm, RATE);
    // 0.2 s kept before the speech, 0.5 s after it.
    expect(compacted.pcm.length).toBe(Math.round(1.7 * RATE));
    expect(compacted.toOriginal(0.2)).toBeCloseTo(2, 6);
    expect(compacted.toOriginal(1.2, true)).toBeCloseTo(3, 6);
  });

  it('treats steady background noise as silence but keeps quiet speech above it', () => {
    const pcm = audio(
      { seconds: 1, db: -20, noiseDb: -45 },
      { seconds: 3, noiseDb: -45 },
      { seconds: 1, db: -30, noiseDb: -45 },
    );
    const compacted = compactSilence(pcm, RATE);
    expect(compacted.pcm.length).toBe(pcm.length - 2.3 * RATE);
  });

  it('never cuts soft speech, even when it is the quietest part of the recording', () => {
    // Soft speech 18 dB below the rest, between pauses of digital silence (a muted input).
    const pcm = audio(
      { seconds: 1, db: -20 },
      { seconds: 2 },
      { seconds: 2, db: -38 },
      { seconds: 2 },
      { seconds: 1, db: -20 },
    );
    const compacted = compactSilence(pcm, RATE);
    // Only the two pauses are shortened (to 0.7 s each); all 4 s of sound stay.
    expect(compacted.pcm.length).toBe(pcm.length - 2 * 1.3 * RATE);
  });
});
