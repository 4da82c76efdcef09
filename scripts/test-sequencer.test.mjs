import { describe, expect, it } from 'vitest';
import { spreadOut } from './test-sequencer.mjs';

const spec = (name, env = {}) => ({ name, project: { config: { env } } });
const alone = (name) => spec(name, { TEST_ONE_FILE_AT_A_TIME: '1' });

describe('spreadOut', () => {
  it('puts files that run one at a time at the start and evenly over the first half, never last', () => {
    const others = Array.from({ length: 12 }, (_, i) => spec(`f${i}`));
    const order = spreadOut([...others.slice(0, 6), alone('a'), alone('b'), alone('c'), ...others.slice(6)]);
    expect(order.map((s) => s.name)).toEqual([
      'a',
      'f0',
      'f1',
      'b',
      'f2',
      'f3',
      'c',
      'f4',
      'f5',
      'f6',
      'f7',
      'f8',
      'f9',
      'f10',
      'f11',
    ]);
  });

  it('leaves an order without such files as it is, and keeps every file when there are few others', () => {
    const plain = [spec('x'), spec('y')];
    expect(spreadOut(plain)).toBe(plain);
    expect(spreadOut([alone('a'), alone('b'), spec('x')]).map((s) => s.name)).toEqual(['a', 'x', 'b']);
  });
});
