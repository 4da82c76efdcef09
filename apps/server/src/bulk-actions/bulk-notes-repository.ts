/**
 * The reads and writes of a bulk action on live notes. Every query names the owner: another
 * user's ids match nothing and are reported as not found.
 */
import type { Db } from '../db/database.ts';
import { chunks } from '../lib/chunks.ts';

/** The owner's notes among `ids`, with what the actions need to decide. */
export async function findOwnNotes(db: Db, ownerId: string, ids: readonly string[]) {
  const found = [];
  for (const part of chunks(ids)) {
    found.push(
      ...(await db
        .selectFrom('voice_notes')
        .select(['id', 'pad_id', 'title', 'status', 'storage_key'])
        .where('owner_id', '=', ownerId)
        .where('id', 'in', part)
        .execute()),
    );
  }
  return found;
}
export type OwnNote = Awaited<ReturnType<typeof findOwnNotes>>[number];

/**
 * Moves the owner's notes among `ids` to `padId`, in the statement's condition only if that pad
 * is the owner's. Answers how many rows moved; the caller's transaction rolls back when that is
 * not all of them. Pad totals and list versions follow through triggers (migrations 0003, 0007).
 */
export async function moveNotes(
  db: Db,
  ownerId: string,
  ids: readonly string[],
  padId: string,
  now: number,
): Promise<number> {
  let moved = 0;
  for (const part of chunks(ids)) {
    const result = await db
      .updateTable('voice_notes')
      .set({ pad_id: padId, updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', part)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('pads')
            .select('pads.id')
            .where('pads.id', '=', padId)
            .where('pads.owner_id', '=', ownerId),
        ),
      )
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}

/**
 * Marks the owner's notes among `ids` as changed now (their tags changed, as a PATCH does);
 * answers how many rows took it.
 */
export async function touchNotes(
  db: Db,
  ownerId: string,
  ids: readonly string[],
  now: number,
): Promise<number> {
  let touched = 0;
  for (const part of chunks(ids)) {
    const result = await db
      .updateTable('voice_notes')
      .set({ updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', part)
      .executeTakeFirst();
    touched += Number(result.numUpdatedRows);
  }
  return touched;
}
