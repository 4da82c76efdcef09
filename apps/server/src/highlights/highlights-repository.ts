/**
 * Every query of highlights (migration 0030, ADR 0054). Each names the owner, so another
 * user's ids match nothing.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { HighlightRow } from '../db/schema.ts';

export type HighlightChanges = Partial<
  Pick<HighlightRow, 'start_seconds' | 'end_seconds' | 'label' | 'comment'>
> & { updated_at: number };

/** The owner's note of this pad, with what a highlight is checked against. */
export async function findHighlightNote(
  db: Db,
  ownerId: string,
  padId: string,
  noteId: string,
): Promise<{ id: string; duration_seconds: number | null } | undefined> {
  return db
    .selectFrom('voice_notes')
    .select(['id', 'duration_seconds'])
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', noteId)
    .executeTakeFirst();
}

/** Earliest in the recording first; moments before ranges that start at the same second. */
export async function listHighlights(db: Db, ownerId: string, noteId: string): Promise<HighlightRow[]> {
  return db
    .selectFrom('highlights')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('note_id', '=', noteId)
    .orderBy('start_seconds')
    .orderBy('id')
    .execute();
}

/** The owner's highlights of several notes (exports), grouped by note. */
export async function highlightsOfNotes(
  db: Db,
  ownerId: string,
  noteIds: readonly string[],
): Promise<Map<string, HighlightRow[]>> {
  const byNote = new Map<string, HighlightRow[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .selectFrom('highlights')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('note_id', 'in', [...noteIds])
    .orderBy('start_seconds')
    .orderBy('id')
    .execute();
  for (const row of rows) byNote.set(row.note_id, [...(byNote.get(row.note_id) ?? []), row]);
  return byNote;
}

export async function countHighlights(db: Db, ownerId: string, noteId: string): Promise<number> {
  const row = await db
    .selectFrom('highlights')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('note_id', '=', noteId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findHighlight(
  db: Db,
  ownerId: string,
  noteId: string,
  id: string,
): Promise<HighlightRow | undefined> {
  return db
    .selectFrom('highlights')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('note_id', '=', noteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertHighlight(db: Db, row: HighlightRow): Promise<void> {
  await db.insertInto('highlights').values(row).execute();
}

export async function updateHighlight(
  db: Db,
  ownerId: string,
  noteId: string,
  id: string,
  changes: HighlightChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('highlights')
    .set(changes)
    .where('owner_id', '=', ownerId)
    .where('note_id', '=', noteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteHighlight(db: Db, ownerId: string, noteId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('highlights')
    .where('owner_id', '=', ownerId)
    .where('note_id', '=', noteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** `%`, `_` and the escape itself match literally in a LIKE pattern. */
function likeContaining(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The owner's highlights whose label or comment holds every word (lower-cased words, as
 * search-query.ts makes them), newest first, `limit` from `offset`. A person keeps a few
 * highlights per note, so a scan of the owner's rows (by `highlights_owner_idx`) is cheap.
 */
export async function searchHighlightRows(
  db: Db,
  ownerId: string,
  words: readonly string[],
  limit: number,
  offset: number,
) {
  let query = db
    .selectFrom('highlights')
    .innerJoin('voice_notes', 'voice_notes.id', 'highlights.note_id')
    .innerJoin('pads', 'pads.id', 'voice_notes.pad_id')
    .selectAll('highlights')
    .select([
      'voice_notes.pad_id',
      'pads.name as pad_name',
      'voice_notes.title',
      'voice_notes.status',
      'voice_notes.duration_seconds',
      'voice_notes.created_at as note_created_at',
    ])
    .where('highlights.owner_id', '=', ownerId)
    .where('voice_notes.owner_id', '=', ownerId);
  const text = sql<string>`lower(highlights.label || ' ' || highlights.comment)`;
  for (const word of words) {
    query = query.where(sql<boolean>`${text} like ${likeContaining(word)} escape '\\'`);
  }
  return query
    .orderBy('highlights.created_at', 'desc')
    .orderBy('highlights.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type HighlightSearchRow = Awaited<ReturnType<typeof searchHighlightRows>>[number];
