import { describe, expect, it } from 'vitest';
import { SweepSchedule } from '../../src/maintenance/sweep-schedule.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodic sweeps', () => {
  it('runs every interval, never two at once, and stop() waits for the running one', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    let secondBegan = (): void => undefined;
    const second = new Promise<void>((resolve) => (secondBegan = resolve));
    const schedule = new SweepSchedule(async () => {
      runs += 1;
      if (runs === 2) secondBegan();
      running += 1;
      most = Math.max(most, running);
      await sleep(120);
      running -= 1;
      finished += 1;
    }, 20);
    schedule.start();
    // Waits for the second run to begin rather than for a time in which two "should" fit:
    // on a busy machine a fixed wait saw one run.
    await second;
    // Stopped while the second run (120 ms) is under way: stop() must wait for it.
    await schedule.stop();
    expect(most).toBe(1);
    expect(finished).toBe(runs);
    await sleep(100);
    expect(runs).toBe(finished);
  });

  it('never runs with an interval of 0', async () => {
    let runs = 0;
    const schedule = new SweepSchedule(async () => {
      runs += 1;
    }, 0);
    schedule.start();
    await sleep(50);
    await schedule.stop();
    expect(runs).toBe(0);
  });
});
