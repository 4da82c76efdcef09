import { describe, expect, it } from 'vitest';
import { PcmBatcher } from './pcm-batcher.ts';

const samples = (from: number, count: number) =>
  Int16Array.from({ length: count }, (_, index) => from + index);

describe('PcmBatcher', () => {
  it('hands over full pieces only, in order, whatever size the input comes in', () => {
    const batcher = new PcmBatcher(4);
    expect(batcher.push(samples(0, 3))).toEqual([]);
    const done = batcher.push(samples(3, 7));
    expect(done.map((piece) => Array.from(piece))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
    ]);
    expect(Array.from(batcher.flush() ?? [])).toEqual([8, 9]);
    expect(batcher.flush()).toBeNull();
  });

  it('keeps at most one piece whatever the length of the recording (memory stays bounded)', () => {
    const batcher = new PcmBatcher(1000);
    let handed = 0;
    for (let block = 0; block < 10_000; block += 1) handed += batcher.push(samples(0, 128)).length;
    // 1,280,000 samples: 1280 pieces went out; the rest (none) waits.
    expect(handed).toBe(1280);
    expect(batcher.flush()).toBeNull();
  });

  it('refuses a piece size that is not a positive whole number', () => {
    expect(() => new PcmBatcher(0)).toThrow(RangeError);
    expect(() => new PcmBatcher(1.5)).toThrow(RangeError);
  });
});
