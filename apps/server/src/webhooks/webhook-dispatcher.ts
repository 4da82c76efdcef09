/**
 * Sends due deliveries (ADR 0048): a few loops that claim one delivery at a time with a lease,
 * attempt it and record the outcome, like the transcription runner. A new event wakes them at
 * once in this process; polling finds deliveries recorded by other processes, retries whose
 * time came and leases that ran out (a process that died mid-attempt).
 */
import { randomUUID } from 'node:crypto';
import type { Dialect } from '../db/database.ts';
import { claimDueDelivery } from './deliveries-repository.ts';
import { attemptDelivery, type DeliveryDeps } from './delivery-attempt.ts';

export interface DispatcherOptions extends DeliveryDeps {
  dialect: Dialect;
  concurrency: number;
  pollMs: number;
  /** Longer than an attempt can take (its timeout), so a live attempt never loses its lease. */
  leaseMs: number;
}

export class WebhookDispatcher {
  readonly workerId = `webhooks-${randomUUID()}`;
  private stopping = false;
  private loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop());
  }

  wake(): void {
    for (const wake of this.wakers) wake();
  }

  /** Finishes the attempts in hand, then stops; what is left is claimed after a restart. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const { db, dialect, leaseMs, log } = this.options;
      try {
        const delivery = await claimDueDelivery(db, dialect, this.workerId, leaseMs, Date.now());
        if (delivery) {
          const recorded = await attemptDelivery(this.options, delivery, this.workerId);
          if (recorded?.status === 'pending' && recorded.next_attempt_at !== null) {
            this.wakeAt(recorded.next_attempt_at);
          }
          continue;
        }
      } catch (err) {
        // The database restarting, say: the lease runs out and the delivery is tried again.
        log.error({ err }, 'webhook delivery failed to run');
      }
      await this.sleep();
    }
  }

  /** A retry this process scheduled is tried on time, not at the next poll. */
  private wakeAt(at: number): void {
    const timer = setTimeout(() => this.wake(), Math.max(0, at - Date.now()));
    timer.unref();
  }

  private sleep(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.wakers.add(done);
    });
  }
}
