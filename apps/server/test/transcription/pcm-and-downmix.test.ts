import { describe, expect, it } from 'vitest';
import { downmixToMono } from '../../src/transcription/audio/downmix.ts';
import { floatToInt16 } from '../../src/transcription/audio/pcm.ts';

describe('downmixToMono', () => {
  it('averages the channels', () => {
    const mono = downmixToMono([
      Float32Array.of(1, 0.5, -1),
      Float32Array.of(0, 0.5, 1),
      Float32Array.of(0.5, -1, 0),
    ]);
    expect(Array.from(mono)).toEqual([0.5, 0, 0]);
  });

  it('keeps speech that is only on one side of a stereo file', () => {
    const speech = Float32Array.of(0.8, -0.6, 0.4);
    expect(Array.from(downmixToMono([speech, new Float32Array(3)]))).toEqual(
      [0.4, -0.3, 0.2].map(Math.fround),
    );
  });

  it('returns a single channel as-is', () => {
    const only = Float32Array.of(0.1, 0.2);
    expect(downmixToMono([only])).toBe(only);
  });

  it('rejects no channels or channels of different lengths', () => {
    expect(() => downmixToMono([])).toThrow(RangeError);
    expect(() => downmixToMono([new Float32Array(2), new Float32Array(3)])).toThrow(RangeError);
  });
});

describe('floatToInt16', () => {
  it('scales to 16-bit and clips instead of wrapping', () => {
    const pcm = floatToInt16(Float32Array.of(0, 0.25, -0.25, 1, -1, 1.7, -3, Number.NaN));
    expect(Array.from(pcm)).toEqual([0, 8192, -8192, 32767, -32768, 32767, -32768, 0]);
  });
});
