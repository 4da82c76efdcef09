import type { Db } from '../db/database.ts';
import { sha256 } from '../lib/tokens.ts';
import {
  addHit,
  type Hit,
  removeHit,
  setHitWeight,
  trimWindow,
  windowHits,
  windowTotal,
} from './usage-repository.ts';

export interface WindowRate {
  /** Largest total weight in any window. */
  limit: number;
  durationMs: number;
}

export type Taken = { ok: true; id: string } | { ok: false; retryAfterSeconds: number };

/** Expired hits of every bucket are also swept now and then, so idle users' rows do not pile up. */
const SWEEP_PROBABILITY = 0.01;

/** One bucket per kind of quota and user; the user id is hashed, as the accounts' subjects are. */
export function quotaBucket(kind: string, userId: string): string {
  return `quota:${kind}:${sha256(userId)}`;
}

/**
 * Sliding-window quotas in the database, counted the way ADR 0007 counts rate limits: the
 * hit is inserted first and the window added up after, so racing requests (in this process
 * or another) can only be refused too eagerly, never let through too often; a refused hit
 * is taken back. Hits have a weight: 1 for a request, bytes for an upload.
 */
export class SlidingWindows {
  constructor(private readonly db: Db) {}

  async take(bucket: string, rate: WindowRate, weight = 1, now = Date.now()): Promise<Taken> {
    const windowStart = now - rate.durationMs;
    await trimWindow(this.db, bucket, windowStart, Math.random() < SWEEP_PROBABILITY);
    const id = await addHit(this.db, bucket, weight, rate.durationMs, now);
    if ((await windowTotal(this.db, bucket, windowStart)) <= rate.limit) return { ok: true, id };
    await removeHit(this.db, id);
    return { ok: false, retryAfterSeconds: await this.retryAfter(bucket, rate, weight, now) };
  }

  /** The weight already in the window. */
  used(bucket: string, rate: WindowRate, now = Date.now()): Promise<number> {
    return windowTotal(this.db, bucket, now - rate.durationMs);
  }

  /** Seconds until `weight` more would fit in the window (at least 1). */
  async retryAfter(bucket: string, rate: WindowRate, weight: number, now = Date.now()): Promise<number> {
    const hits = await windowHits(this.db, bucket, now - rate.durationMs);
    return Math.max(1, Math.ceil(waitUntilFits(hits, rate, weight, now) / 1000));
  }

  /** Corrects a hit's weight once it is known (an upload reserved its declared size). */
  settle(id: string, weight: number): Promise<void> {
    return setHitWeight(this.db, id, weight);
  }

  release(id: string): Promise<void> {
    return removeHit(this.db, id);
  }
}

/**
 * Milliseconds until enough of the oldest hits have left the window for `weight` more to
 * fit; the whole window when even an empty one could not hold it.
 */
export function waitUntilFits(hits: Hit[], rate: WindowRate, weight: number, now: number): number {
  let total = hits.reduce((sum, hit) => sum + hit.weight, 0);
  let wait = 0;
  for (const hit of hits) {
    if (total + weight <= rate.limit) break;
    total -= hit.weight;
    wait = hit.at + rate.durationMs - now;
  }
  return weight > rate.limit ? rate.durationMs : wait;
}
