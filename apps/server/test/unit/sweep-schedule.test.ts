import { describe, expect, it } from 'vitest';
import { SweepSchedule } from '../../src/maintenance/sweep-schedule.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodic sweeps', () => {
  it('runs every interval, never two at once, and stop() waits for the running one', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    const schedule = new SweepSchedule(async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await sleep(120);
      running -= 1;
      finished += 1;
    }, 20);
    schedule.start();
    await sleep(400);
    await schedule.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
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
