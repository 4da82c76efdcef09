import { describe, expect, it } from 'vitest';
import { Downsampler, meterLevel } from './downsampler.ts';

describe('Downsampler', () => {
  it('averages 48 kHz down to 16 kHz', () => {
    const downsampler = new Downsampler(48_000);
    expect(downsampler.outputRate).toBe(16_000);
    const output = downsampler.push(new Float32Array([0.3, 0.3, 0.3, 0.6, 0.6, 0.6]));
    expect(Array.from(output).map((value) => Number(value.toFixed(5)))).toEqual([0.3, 0.6]);
  });

  it('gives the same result however the input is chunked', () => {
    const input = Float32Array.from({ length: 44_100 }, (_, index) => Math.sin(index / 10));
    const whole = new Downsampler(44_100).push(input);
    const streaming = new Downsampler(44_100);
    const parts: number[] = [];
    for (let offset = 0; offset < input.length; offset += 128) {
      parts.push(...streaming.push(input.subarray(offset, offset + 128)));
    }
    expect(parts.length).toBe(whole.length);
    expect(Math.abs(whole.length - 16_000)).toBeLessThanOrEqual(1);
    parts.forEach((value, index) => expect(value).toBeCloseTo(whole[index] ?? Number.NaN, 5));
  });

  it('passes audio at or below the target rate through', () => {
    const downsampler = new Downsampler(8_000);
    expect(downsampler.outputRate).toBe(8_000);
    expect(Array.from(downsampler.push(new Float32Array([0.1, 0.2])))).toEqual([
      expect.closeTo(0.1, 6),
      expect.closeTo(0.2, 6),
    ]);
  });
});

describe('meterLevel', () => {
  it('maps silence to 0 and full scale to 1', () => {
    expect(meterLevel(new Float32Array(128))).toBe(0);
    expect(meterLevel(new Float32Array(128).fill(1))).toBe(1);
    expect(meterLevel(new Float32Array(0))).toBe(0);
  });

  it('maps -30 dBFS to the middle', () => {
    const amplitude = 10 ** (-30 / 20);
    expect(meterLevel(new Float32Array(128).fill(amplitude))).toBeCloseTo(0.5, 5);
  });
});
