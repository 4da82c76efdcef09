/**
 * The poll loop of leased jobs (lib/leased-jobs/job-loop.ts): runs steps back to back while they
 * find work, sleeps when none is due until woken or the poll comes, goes on after a step throws
 * (logged), and stops only once the step in hand has finished.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JobLoop } from '../../src/lib/leased-jobs/job-loop.ts';

class CountingLoop extends JobLoop {
  steps = 0;
  work = 0;
  failOnce = false;
  hold: Promise<void> | undefined;
  readonly errors: unknown[];

  constructor(pollMs: number) {
    const errors: unknown[] = [];
    // The loop only logs errors.
    const log = { error: (obj: { err: unknown }) => errors.push(obj.err) } as unknown as FastifyBaseLogger;
    super({ pollMs, concurrency: 1, log, failure: 'step failed' });
    this.errors = errors;
  }

  protected async step(): Promise<boolean> {
    this.steps += 1;
    if (this.failOnce) {
      this.failOnce = false;
      throw new Error('database restarting');
    }
    if (this.hold) await this.hold;
    if (this.work === 0) return false;
    this.work -= 1;
    return true;
  }
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the leased job loop', () => {
  it('runs while there is work, then sleeps until woken; the poll finds work too', async () => {
    const loop = new CountingLoop(300);
    loop.work = 3;
    loop.start();
    await tick();
    expect([loop.work, loop.steps]).toEqual([0, 4]);
    loop.work = 1;
    loop.wake();
    await tick();
    expect([loop.work, loop.steps]).toEqual([0, 6]);
    loop.work = 1;
    await tick(400);
    expect(loop.work).toBe(0);
    await loop.stop();
  });

  it('logs a step that throws and goes on at the next wake', async () => {
    const loop = new CountingLoop(10_000);
    loop.failOnce = true;
    loop.start();
    await tick();
    expect(loop.errors).toHaveLength(1);
    loop.work = 2;
    loop.wake();
    await tick();
    expect(loop.work).toBe(0);
    await loop.stop();
  });

  it('stops once the step in hand has finished, and at once when asleep', async () => {
    const loop = new CountingLoop(10_000);
    let release: () => void = () => {};
    loop.hold = new Promise((resolve) => (release = resolve));
    loop.work = 1;
    loop.start();
    await tick();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(loop.work).toBe(0);

    const idle = new CountingLoop(10_000);
    idle.start();
    await tick();
    const started = Date.now();
    await idle.stop();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
