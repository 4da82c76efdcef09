import { describe, expect, it } from 'vitest';
import { KeyedTurns } from '../../src/lib/keyed-turns.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedTurns', () => {
  it("runs one key's tasks one after another in the order they came, other keys at once", async () => {
    const turns = new KeyedTurns();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (key: string, name: string) =>
      turns.run(key, async () => {
        running++;
        most = Math.max(most, running);
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        running--;
        return name;
      });
    const results = await Promise.all([task('a', 'a1'), task('a', 'a2'), task('b', 'b1'), task('a', 'a3')]);
    expect(results).toEqual(['a1', 'a2', 'b1', 'a3']);
    const ofA = log.filter((line) => line.startsWith('a'));
    expect(ofA).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
    // "b" did not wait for "a".
    expect(most).toBe(2);
    expect(turns.size).toBe(0);
  });

  it('a task that fails passes the turn on and its error to its caller', async () => {
    const turns = new KeyedTurns();
    const failed = turns.run('a', async () => {
      await tick();
      throw new Error('no room');
    });
    const next = turns.run('a', () => Promise.resolve('ran'));
    await expect(failed).rejects.toThrow('no room');
    await expect(next).resolves.toBe('ran');
    expect(turns.size).toBe(0);
  });
});
