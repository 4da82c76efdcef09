/**
 * The loops that run leased jobs in every API process (webhook deliveries, summaries): each
 * claims and runs one job at a time until none is due, then sleeps. `wake()` starts them at once
 * when this process made work; polling every `pollMs` finds work other processes recorded and
 * leases that ran out; `wakeAt()` tries a retry this process scheduled on time. `stop()` lets the
 * jobs in hand finish; what is left is claimed after a restart.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface JobLoopOptions {
  pollMs: number;
  /** Loops running side by side in this process. */
  concurrency: number;
  log: FastifyBaseLogger;
  /** Logged with the error when a step throws (the database restarting, say). */
  failure: string;
}

/** A worker of leased jobs says how to claim and run one (`step`); the loops are this class's. */
export abstract class JobLoop {
  private stopping = false;
  private loops: Promise<void>[] | undefined;
  private readonly wakers = new Set<() => void>();

  constructor(private readonly loopOptions: JobLoopOptions) {}

  /** Claims and runs one job; false when none was due. */
  protected abstract step(): Promise<boolean>;

  start(): void {
    this.loops ??= Array.from({ length: this.loopOptions.concurrency }, () => this.loop());
  }

  wake(): void {
    for (const wake of this.wakers) wake();
  }

  /** Wakes the loops at `at` (ms since the epoch) without holding the process open. */
  wakeAt(at: number): void {
    const timer = setTimeout(() => this.wake(), Math.max(0, at - Date.now()));
    timer.unref();
  }

  /** Finishes the jobs in hand, then stops; what is left is claimed after a restart. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.all(this.loops ?? []);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      try {
        if (await this.step()) continue;
      } catch (err) {
        // The lease runs out and the job is claimed again.
        this.loopOptions.log.error({ err }, this.loopOptions.failure);
      }
      await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.loopOptions.pollMs);
      this.wakers.add(done);
    });
  }
}
