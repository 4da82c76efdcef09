import { compiledQuery } from '../db/compiled-query.ts';
import type { Db } from '../db/database.ts';
import type { NewPad, PadRow } from '../db/schema.ts';
import type { Cursor } from '../lib/cursor.ts';

/** A pad with its note count and total duration (kept on the row by triggers). */
export type PadWithCounts = PadRow;

/**
 * Named columns, never `*`: on PostgreSQL the table also holds a search vector that no
 * response needs.
 */
export const PAD_COLUMNS = [
  'pads.id',
  'pads.owner_id',
  'pads.name',
  'pads.description',
  'pads.color',
  'pads.icon',
  'pads.voice_note_count',
  'pads.total_duration_seconds',
  'pads.created_at',
  'pads.updated_at',
] as const;

/** Every query takes the owner: a pad is only ever seen through its owner. */
function padsOf(db: Db, ownerId: string) {
  return db.selectFrom('pads').where('pads.owner_id', '=', ownerId).select(PAD_COLUMNS);
}

export async function insertPad(db: Db, pad: NewPad): Promise<void> {
  await db.insertInto('pads').values(pad).execute();
}

export async function findPad(db: Db, ownerId: string, id: string): Promise<PadWithCounts | undefined> {
  return padsOf(db, ownerId).where('pads.id', '=', id).executeTakeFirst();
}

/** The owner's pads among `ids`, in no particular order (search results order them). */
export async function findPads(db: Db, ownerId: string, ids: string[]): Promise<PadWithCounts[]> {
  if (ids.length === 0) return [];
  return padsOf(db, ownerId).where('pads.id', 'in', ids).execute();
}

export async function padExists(db: Db, ownerId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('pads')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** limit + 1 rows in reading order, for toPage(). */
export async function listPads(
  db: Db,
  ownerId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<PadWithCounts[]> {
  const values = { owner: ownerId, limit: limit + 1 };
  if (!cursor) return firstPage(db, values);
  const shape = cursor.direction === 'after' ? olderPage : newerPage;
  return shape(db, { ...values, cursor: cursor.id });
}

/** The pad list is the hottest read (every visit to the home screen): compiled once. */
const firstPage = compiledQuery<{ owner: string; limit: number }, PadWithCounts>((db, p) =>
  padsOf(db, p.owner).orderBy('pads.id', 'desc').limit(p.limit),
);
const olderPage = compiledQuery<{ owner: string; cursor: string; limit: number }, PadWithCounts>((db, p) =>
  padsOf(db, p.owner).where('pads.id', '<', p.cursor).orderBy('pads.id', 'desc').limit(p.limit),
);
const newerPage = compiledQuery<{ owner: string; cursor: string; limit: number }, PadWithCounts>((db, p) =>
  padsOf(db, p.owner).where('pads.id', '>', p.cursor).orderBy('pads.id', 'asc').limit(p.limit),
);

const listVersion = compiledQuery<{ owner: string }, { pads_version: number }>((db, p) =>
  db.selectFrom('users').select('pads_version').where('id', '=', p.owner),
);

/**
 * The version of the owner's pad list, raised by triggers on every change to their pads
 * (migration 0007): equal versions mean an identical list.
 */
export async function padListVersion(db: Db, ownerId: string): Promise<number> {
  const [row] = await listVersion(db, { owner: ownerId });
  return row?.pads_version ?? 0;
}

export async function updatePad(
  db: Db,
  ownerId: string,
  id: string,
  changes: {
    name: string;
    description: string;
    color?: string | undefined;
    icon?: string | null | undefined;
    updated_at: number;
  },
): Promise<boolean> {
  // Fields left undefined keep their values (Kysely drops undefined from SET).
  const result = await db
    .updateTable('pads')
    .set(changes)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePad(db: Db, ownerId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pads')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The audio keys of the notes in a pad, to remove once the pad (and its notes) are deleted. */
export async function listStorageKeysOfPad(db: Db, ownerId: string, padId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('voice_notes')
    .select('storage_key')
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .execute();
  return rows.map((r) => r.storage_key);
}
