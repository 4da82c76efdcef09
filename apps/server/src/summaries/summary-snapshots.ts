/**
 * A note's summary versions as the bin keeps them (ADR 0046, 0052): read before the note is
 * taken (its rows go with it by cascade) and inserted again when it is put back. A version that
 * was waiting or being written lost its writer with the note, so it comes back queued without a
 * lease, for a runner to pick up again.
 */
import type { Db } from '../db/database.ts';
import type { NoteSummaryRow } from '../db/schema.ts';
import { chunks } from '../lib/chunks.ts';

/** Rows inserted per statement: a version has fifteen columns; SQLite binds at most 32766. */
const INSERT_CHUNK = 50;

/** The owner's summary versions of the notes among `noteIds`, by note. */
export async function keepNoteSummaries(
  db: Db,
  ownerId: string,
  noteIds: readonly string[],
): Promise<Map<string, NoteSummaryRow[]>> {
  const kept = new Map<string, NoteSummaryRow[]>();
  if (noteIds.length === 0) return kept;
  const rows = await db
    .selectFrom('note_summaries')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('voice_note_id', 'in', noteIds)
    .orderBy('id')
    .execute();
  for (const row of rows) kept.set(row.voice_note_id, [...(kept.get(row.voice_note_id) ?? []), row]);
  return kept;
}

/** Puts kept versions back; unfinished ones wait again. */
export async function restoreNoteSummaries(db: Db, rows: readonly NoteSummaryRow[]): Promise<void> {
  const back = rows.map((row) =>
    row.status === 'queued' || row.status === 'running'
      ? { ...row, status: 'queued' as const, lease_owner: null, lease_expires_at: null }
      : row,
  );
  for (const part of chunks(back, INSERT_CHUNK)) {
    await db.insertInto('note_summaries').values(part).execute();
  }
}
