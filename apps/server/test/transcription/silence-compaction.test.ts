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

/**
 * The engine's filter keeps speech from 11 frames before it starts (its 20-frame pre-speech
 * buffer ends on the 10th speech frame) to 49 frames after it ends; its 25.6 ms analysis window
 * reaches two frames ahead and its smoothing lags, so each margin may be a few frames longer.
 */
const BEFORE = 0.11;
const AFTER = 0.49;
const SLACK = 0.05;

function expectSeconds(samples: number, seconds: number, slack = SLACK): void {
  expect(Math.abs(samples / RATE - seconds)).toBeLessThanOrEqual(slack);
}

describe('compactSilence', () => {
  it('leaves audio without long pauses untouched', () => {
    const pcm = audio({ seconds: 1, db: -20 }, { seconds: 0.6 }, { seconds: 1, db: -20 });
    const compacted = compactSilence(pcm, RATE);
    expect(compacted.pcm).toBe(pcm);
    expect(compacted.toOriginal(1.9)).toBe(1.9);
  });

  it("keeps the filter's margins around speech, and maps times back across the cut", () => {
    const pcm = audio({ seconds: 1, db: -20 }, { seconds: 3 }, { seconds: 1, db: -20 });
    const compacted = compactSilence(pcm, RATE);
    const cut = pcm.length - compacted.pcm.length;
    expectSeconds(cut, 3 - AFTER - BEFORE);
    // Before the cut nothing moves; after it, times move back by the cut.
    expect(compacted.toOriginal(0.5)).toBeCloseTo(0.5, 6);
    expect(compacted.toOriginal(1 + AFTER + 0.2)).toBeCloseTo(1 + AFTER + 0.2 + cut / RATE, 6);
    // The kept samples are the original ones.
    expect(compacted.pcm.subarray(0, RATE)).toEqual(pcm.subarray(0, RATE));
    expect(compacted.pcm.subarray(compacted.pcm.length - RATE)).toEqual(pcm.subarray(4 * RATE));
  });

  it('puts a time on the seam with the speech after it, and an end time with the speech before', () => {
    const pcm = audio({ seconds: 1, db: -20 }, { seconds: 3 }, { seconds: 1, db: -20 });
    const compacted = compactSilence(pcm, RATE);
    // The seam: the first 10 ms step where times jump forward.
    let seam = 1;
    while (compacted.toOriginal(seam) - seam < 1) seam = Math.round((seam + 0.01) * 100) / 100;
    expectSeconds(seam * RATE, 1 + AFTER);
    const after = compacted.toOriginal(seam);
    expect(after - seam).toBeCloseTo((pcm.length - compacted.pcm.length) / RATE, 6);
    expect(compacted.toOriginal(seam, true)).toBeCloseTo(seam, 6);
  });

  it('trims a long pause at the start and at the end down to the margins', () => {
    const pcm = audio({ seconds: 2 }, { seconds: 1, db: -20 }, { seconds: 2 });
    const compacted = compactSilence(pcm, RATE);
    expectSeconds(compacted.pcm.length, BEFORE + 1 + AFTER);
    expect(Math.abs(compacted.toOriginal(BEFORE) - 2)).toBeLessThanOrEqual(SLACK);
  });

  it('treats steady background noise as silence but keeps quiet speech above it', () => {
    const pcm = audio(
      { seconds: 1, db: -20, noiseDb: -45 },
      { seconds: 3, noiseDb: -45 },
      { seconds: 1, db: -30, noiseDb: -45 },
    );
    const compacted = compactSilence(pcm, RATE);
    expectSeconds(pcm.length - compacted.pcm.length, 3 - AFTER - BEFORE);
  });

  it('never cuts soft speech, even when it is the quietest part of the recording', () => {
    // Soft sound 18 dB below the rest, between pauses of digital silence (a muted input).
    const pcm = audio(
      { seconds: 1, db: -20 },
      { seconds: 2 },
      { seconds: 2, db: -38 },
      { seconds: 2 },
      { seconds: 1, db: -20 },
    );
    const compacted = compactSilence(pcm, RATE);
    // Only the two pauses are shortened; all 4 s of sound stay.
    expectSeconds(pcm.length - compacted.pcm.length, 2 * (2 - AFTER - BEFORE), 2 * SLACK);
  });

  it('takes 16 kHz audio only', () => {
    expect(() => compactSilence(new Int16Array(800), 8000)).toThrow(RangeError);
  });
});
