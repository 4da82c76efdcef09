import { describe, expect, it } from 'vitest';
import { barsFromPeaks, computePeaks, timeAtPosition } from './peaks.ts';

describe('computePeaks', () => {
  it('keeps the loudest absolute sample of each slice, scaled so the loudest is 1', () => {
    const samples = Float32Array.from([0.125, -0.25, 0.0625, 0.0, -0.5, 0.25, 0.125, 0.125]);
    expect(computePeaks([samples], 4)).toEqual([0.5, 0.125, 1, 0.25]);
  });

  it('takes the louder channel of a stereo recording', () => {
    const left = Float32Array.from([0.5, 0, 0, 0]);
    const right = Float32Array.from([0, 0, 0, -1]);
    expect(computePeaks([left, right], 2)).toEqual([0.5, 1]);
  });

  it('gives zeros for silence and empty audio, and works with more buckets than samples', () => {
    expect(computePeaks([new Float32Array(100)], 5)).toEqual([0, 0, 0, 0, 0]);
    expect(computePeaks([], 3)).toEqual([0, 0, 0]);
    expect(computePeaks([Float32Array.from([1, 0.5])], 4)).toHaveLength(4);
  });
});

describe('timeAtPosition', () => {
  it('maps a pointer position to a time, clamped to the recording', () => {
    expect(timeAtPosition(50, 200, 10)).toBe(2.5);
    expect(timeAtPosition(-5, 200, 10)).toBe(0);
    expect(timeAtPosition(500, 200, 10)).toBe(10);
    expect(timeAtPosition(10, 0, 10)).toBe(0);
  });
});

describe('barsFromPeaks', () => {
  it('draws the loudest side of each slice, scaled so the loudest bar is 1', () => {
    const min = Int8Array.from([-10, -20, 0, 0, -127, -5, -40, -1]);
    const max = Int8Array.from([12, 8, 0, 0, 100, 5, 30, 2]);
    expect(barsFromPeaks(min, max, 4)).toEqual([20 / 127, 0, 1, 40 / 127]);
  });

  it('keeps silence at 0 and gives as many bars as asked even for short notes', () => {
    expect(barsFromPeaks(new Int8Array(6), new Int8Array(6), 3)).toEqual([0, 0, 0]);
    expect(barsFromPeaks(Int8Array.from([-64]), Int8Array.from([64]), 4)).toHaveLength(4);
    expect(barsFromPeaks(new Int8Array(0), new Int8Array(0), 2)).toEqual([0, 0]);
  });
});
