import { describe, expect, it } from 'vitest';
import { startProgress } from '../../src/cli/progress.ts';

function recorder(isTTY: boolean) {
  const written: string[] = [];
  return { out: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('command progress', () => {
  it('redraws one bar in place on a terminal, with count, percent and rate', () => {
    const { out, written } = recorder(true);
    let now = 0;
    const task = startProgress('blobs', 4, out, () => (now += 250));
    for (let i = 0; i < 4; i++) task.advance();
    task.done();
    expect(written.every((w) => w === '\n' || w.startsWith('\r'))).toBe(true);
    expect(written.at(-2)).toMatch(/^\rblobs \[#{24}\] 4\/4 100% \d+\.\d\/s/);
    expect(written.at(-1)).toBe('\n');
  });

  it('prints a plain line every tenth and at the end when stderr is not a terminal', () => {
    const { out, written } = recorder(false);
    let now = 0;
    const task = startProgress('rows users', 100, out, () => (now += 10));
    for (let i = 0; i < 100; i++) task.advance();
    task.done();
    task.advance();
    expect(written).toHaveLength(10);
    expect(written[0]).toMatch(/^rows users: 10\/100 {2}10% [\d.]+\/s\n$/);
    expect(written.at(-1)).toMatch(/^rows users: 100\/100 100% /);
  });
});
