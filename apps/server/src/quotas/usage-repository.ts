import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';

/**
 * What a user has used, read where it lives: sliding windows in `rate_limit_hits` (shared
 * with the accounts' rate limits, ADR 0007, so every process sees the same counts), stored
 * audio and pads in their own tables. Every query is scoped to one bucket or one owner.
 */

export interface Hit {
  at: number;
  weight: number;
}

/** Records a hit; its row expires with the window it counts in. */
export async function addHit(
  db: Db,
  bucket: string,
  weight: number,
  durationMs: number,
  now: number,
): Promise<string> {
  const id = newId(now);
  await db
    .insertInto('rate_limit_hits')
    .values({ id, bucket, at: now, expires_at: now + durationMs, weight })
    .execute();
  return id;
}

export async function setHitWeight(db: Db, id: string, weight: number): Promise<void> {
  await db.updateTable('rate_limit_hits').set({ weight }).where('id', '=', id).execute();
}

export async function removeHit(db: Db, id: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', id).execute();
}

/** Forgets the bucket's hits that have left the window, and now and then everyone's. */
export async function trimWindow(db: Db, bucket: string, windowStart: number, sweep: boolean): Promise<void> {
  if (sweep) await db.deleteFrom('rate_limit_hits').where('expires_at', '<=', windowStart).execute();
  await db
    .deleteFrom('rate_limit_hits')
    .where('bucket', '=', bucket)
    .where('at', '<=', windowStart)
    .execute();
}

/** The weights of the bucket's hits in the window added up. */
export async function windowTotal(db: Db, bucket: string, windowStart: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('weight'), eb.val(0)).as('total'))
    .where('bucket', '=', bucket)
    .where('at', '>', windowStart)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The bucket's hits in the window, oldest first (at most the limit's worth of rows). */
export async function windowHits(db: Db, bucket: string, windowStart: number): Promise<Hit[]> {
  const rows = await db
    .selectFrom('rate_limit_hits')
    .select(['at', 'weight'])
    .where('bucket', '=', bucket)
    .where('at', '>', windowStart)
    .orderBy('at')
    .execute();
  return rows.map((r) => ({ at: Number(r.at), weight: Number(r.weight) }));
}

/** Bytes of audio the owner keeps, every voice note's file counted. */
export async function storedBytes(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('voice_notes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.val(0)).as('bytes'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/**
 * The bytes the owner's unfinished resumable uploads declared (Upload-Length), those not yet
 * expired: what they will weigh once filed, so they hold that room from the start (ADR 0029).
 */
export async function unfinishedUploadBytes(db: Db, ownerId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('length_bytes'), eb.val(0)).as('bytes'))
    .where('owner_id', '=', ownerId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

export async function padCount(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('pads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
