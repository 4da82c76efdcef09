import { describe, expect, it } from 'vitest';
import { floatToInt16, int16ToFloat } from '../../src/transcription/audio/pcm.ts';

describe('floatToInt16', () => {
  it('scales to 16-bit and clips instead of wrapping', () => {
    const pcm = floatToInt16(Float32Array.of(0, 0.25, -0.25, 1, -1, 1.7, -3, Number.NaN));
    expect(Array.from(pcm)).toEqual([0, 8192, -8192, 32767, -32768, 32767, -32768, 0]);
  });
});

describe('int16ToFloat', () => {
  it('maps the 16-bit range onto [-1, 1)', () => {
    const samples = int16ToFloat(Int16Array.of(0, 16384, -16384, 32767, -32768));
    expect(Array.from(samples)).toEqual([0, 0.5, -0.5, 32767 / 32768, -1].map(Math.fround));
  });
});
