import { describe, expect, it } from 'vitest';
import { LagNotice } from '../../src/live/lag-notice.ts';

describe('lag notices', () => {
  it('say nothing while decoding keeps up, then when it falls 1 s behind, as it moves by 0.5 s, and 0 once caught up', () => {
    const sent: number[] = [];
    const lag = new LagNotice((seconds) => sent.push(seconds));
    for (const seconds of [0, 0.2, 0.9, 0.5]) lag.update(seconds);
    expect(sent).toEqual([]);
    for (const seconds of [1.04, 1.3, 1.56, 2.2, 2.4, 1.6, 0.29]) lag.update(seconds);
    expect(sent).toEqual([1, 1.6, 2.2, 1.6, 0]);
    lag.update(0.8);
    expect(sent).toHaveLength(5);
  });
});
