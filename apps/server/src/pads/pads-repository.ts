import type { CompiledQuery } from 'kysely';
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
  const shape = cursor ? cursor.direction : 'first';
  const compiled = compiledLists(db)[shape];
  const values = new Map<unknown, unknown>([
    [OWNER, ownerId],
    [CURSOR, cursor?.id],
    [LIMIT, limit + 1],
  ]);
  const parameters = compiled.parameters.map((p) => (values.has(p) ? values.get(p) : p));
  const result = await db.executeQuery<PadWithCounts>({ ...compiled, parameters });
  return result.rows;
}

/**
 * The pad list is the hottest read (every visit to the home screen). Building and
 * compiling it with Kysely costs about as much as running it, so each of its three shapes
 * is compiled once per database with stand-in values, which are swapped for real ones.
 */
const OWNER = '\u0000owner';
const CURSOR = '\u0000cursor';
const LIMIT = -104_729;
const compiled = new WeakMap<Db, Record<'first' | 'after' | 'before', CompiledQuery>>();

function compiledLists(db: Db) {
  let shapes = compiled.get(db);
  if (!shapes) {
    const base = () => padsOf(db, OWNER);
    shapes = {
      first: base().orderBy('pads.id', 'desc').limit(LIMIT).compile(),
      after: base().where('pads.id', '<', CURSOR).orderBy('pads.id', 'desc').limit(LIMIT).compile(),
      before: base().where('pads.id', '>', CURSOR).orderBy('pads.id', 'asc').limit(LIMIT).compile(),
    };
    compiled.set(db, shapes);
  }
  return shapes;
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
