import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The aggregate queries behind the statistics screen; each reads one owner's rows. */

export const DAY_MS = 24 * 60 * 60 * 1000;

export async function noteTotals(db: Db, ownerId: string) {
  const row = await db
    .selectFrom('voice_notes')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('duration_seconds'), eb.val(0)).as('duration'),
      // AVG skips notes whose duration is not known yet.
      eb.fn.coalesce(eb.fn.avg<number>('duration_seconds'), eb.val(0)).as('average'),
      eb.fn.coalesce(eb.fn.sum<number>('word_count'), eb.val(0)).as('words'),
    ])
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    durationSeconds: Number(row.duration),
    averageDurationSeconds: Number(row.average),
    words: Number(row.words),
  };
}

export async function countByStatus(db: Db, ownerId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('voice_notes')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('owner_id', '=', ownerId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}

/** Notes per UTC day number (epoch ms / DAY_MS) from `fromDay` on; integer division on both backends. */
export async function countPerDay(db: Db, ownerId: string, fromDay: number): Promise<Map<number, number>> {
  const day = sql<number>`created_at / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('voice_notes')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('count')])
    .where('owner_id', '=', ownerId)
    .where('created_at', '>=', fromDay * DAY_MS)
    .groupBy(day)
    .execute();
  return new Map(rows.map((r) => [Number(r.day), Number(r.count)]));
}

/** Every pad with its totals (kept on the row by triggers), the most notes first. */
export async function perPad(db: Db, ownerId: string) {
  return db
    .selectFrom('pads')
    .select(['id', 'name', 'color', 'icon', 'voice_note_count', 'total_duration_seconds'])
    .where('owner_id', '=', ownerId)
    .orderBy('voice_note_count', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
