/**
 * Sends due deliveries (ADR 0048): a few loops (lib/leased-jobs/) that claim one delivery at a
 * time with a lease, attempt it and record the outcome, like the transcription runner. A new
 * event wakes them at once in this process; polling finds deliveries recorded by other
 * processes, retries whose time came and leases that ran out (a process that died mid-attempt).
 */
import { randomUUID } from 'node:crypto';
import type { Dialect } from '../db/database.ts';
import { claimDueDelivery } from './deliveries-repository.ts';
import { attemptDelivery, type DeliveryDeps } from './delivery-attempt.ts';
import { JobLoop } from '../lib/leased-jobs/job-loop.ts';

export interface DispatcherOptions extends DeliveryDeps {
  dialect: Dialect;
  concurrency: number;
  pollMs: number;
  /** Longer than an attempt can take (its timeout), so a live attempt never loses its lease. */
  leaseMs: number;
}

export class WebhookDispatcher extends JobLoop {
  readonly workerId = `webhooks-${randomUUID()}`;

  constructor(private readonly options: DispatcherOptions) {
    super({
      pollMs: options.pollMs,
      concurrency: options.concurrency,
      log: options.log,
      failure: 'webhook delivery failed to run',
    });
  }

  /** Claims one due delivery and attempts it; a new event wakes this at once (`wake()`). */
  protected async step(): Promise<boolean> {
    const { db, dialect, leaseMs } = this.options;
    const delivery = await claimDueDelivery(db, dialect, this.workerId, leaseMs, Date.now());
    if (!delivery) return false;
    const recorded = await attemptDelivery(this.options, delivery, this.workerId);
    // A retry this process scheduled is tried on time, not at the next poll.
    if (recorded?.status === 'pending' && recorded.next_attempt_at !== null) {
      this.wakeAt(recorded.next_attempt_at);
    }
    return true;
  }
}
