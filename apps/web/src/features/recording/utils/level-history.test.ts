import { describe, expect, it } from 'vitest';
import { pushLevel } from './level-history.ts';

describe('pushLevel', () => {
  it('adds the newest level at the end', () => {
    expect(pushLevel([0.1, 0.2], 0.3)).toEqual([0.1, 0.2, 0.3]);
  });

  it('keeps only the newest levels once full', () => {
    expect(pushLevel([0.1, 0.2, 0.3], 0.4, 3)).toEqual([0.2, 0.3, 0.4]);
  });

  it('clamps readings outside 0..1 and treats NaN as silence', () => {
    expect(pushLevel([], 1.7)).toEqual([1]);
    expect(pushLevel([], -0.2)).toEqual([0]);
    expect(pushLevel([], Number.NaN)).toEqual([0]);
  });
});
