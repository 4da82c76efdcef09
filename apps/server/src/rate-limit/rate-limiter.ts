import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { sha256 } from '../lib/tokens.ts';
import type { Rate, RateLimitAction, RateLimits } from './rates.ts';

/** Who a request is counted against: its IP, a key (e.g. an email address) or a user id. */
export interface RateSubject {
  ip?: string;
  key?: string;
  user?: string;
}

/** Expired hits are also swept globally now and then, so one-off buckets do not pile up. */
const SWEEP_PROBABILITY = 0.01;

/**
 * Sliding-window rate limits, as allauth counts them, kept in the database so that every API
 * process sees the same counts (ADR 0007). A hit is recorded first and the window counted
 * after, so concurrent requests can only be refused too eagerly, never let through too often.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: RateLimits,
  ) {}

  /** Counts one request for `action`; false when any of its rates is exhausted. */
  async consume(action: RateLimitAction, subject: RateSubject): Promise<boolean> {
    let allowed = true;
    // Every rate is counted, as allauth does, even after one has refused.
    for (const rate of this.limits[action]) {
      const value = subject[rate.per];
      if (value === undefined) continue;
      const { allowed: ok } = await this.hit(bucketName(action, rate, value), rate);
      if (!ok) allowed = false;
    }
    return allowed;
  }

  /** Forgets the counts of `action` for the subject (e.g. failed logins after a success). */
  async clear(action: RateLimitAction, subject: RateSubject): Promise<void> {
    for (const rate of this.limits[action]) {
      const value = subject[rate.per];
      if (value === undefined) continue;
      await this.db
        .deleteFrom('rate_limit_hits')
        .where('bucket', '=', bucketName(action, rate, value))
        .execute();
    }
  }

  /**
   * Records one hit in a bucket and tells whether it stays within `rate`, with the number of
   * hits now in the window. A refused hit is taken back, so refusals do not extend a lock-out.
   */
  async hit(bucket: string, rate: Rate, now = Date.now()): Promise<{ allowed: boolean; count: number }> {
    const windowStart = now - rate.durationMs;
    if (Math.random() < SWEEP_PROBABILITY) {
      await this.db.deleteFrom('rate_limit_hits').where('expires_at', '<=', now).execute();
    }
    await this.db
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', bucket)
      .where('at', '<=', windowStart)
      .execute();
    const id = newId(now);
    await this.db
      .insertInto('rate_limit_hits')
      .values({ id, bucket, at: now, expires_at: now + rate.durationMs })
      .execute();
    const row = await this.db
      .selectFrom('rate_limit_hits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', bucket)
      .where('at', '>', windowStart)
      .executeTakeFirstOrThrow();
    const count = Number(row.n);
    if (count <= rate.amount) return { allowed: true, count };
    await this.db.deleteFrom('rate_limit_hits').where('id', '=', id).execute();
    return { allowed: false, count: count - 1 };
  }
}

/**
 * One bucket per action, rate and subject. Subjects are hashed: the table holds no addresses
 * or emails in clear. The window is part of the name, so two rates of one action never trim
 * each other's hits.
 */
function bucketName(action: RateLimitAction, rate: Rate, value: string): string {
  return `${action}:${rate.per}:${rate.durationMs}:${sha256(value)}`;
}
