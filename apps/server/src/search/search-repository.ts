import { type Expression, type SqlBool, sql } from 'kysely';
import { hasNoteFilters, type NoteFilters } from '@voxpad/shared/note-filters';
import type { Db } from '../db/database.ts';
import { tagNameKey } from '@voxpad/shared/tags';
import { noteFilterConditions } from '../note-filters/note-filter-conditions.ts';
import { findTagsByKeys } from '../tags/tags-repository.ts';

/** What a voice-note hit shows besides its highlights, for the owner's notes among `ids`. */
export async function findNoteSummaries(db: Db, ownerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('voice_notes')
    .innerJoin('pads', 'pads.id', 'voice_notes.pad_id')
    .select([
      'voice_notes.id',
      'voice_notes.pad_id',
      'pads.name as pad_name',
      'voice_notes.title',
      'voice_notes.status',
      'voice_notes.duration_seconds',
      'voice_notes.segments',
      'voice_notes.speakers',
      'voice_notes.created_at',
    ])
    .where('voice_notes.owner_id', '=', ownerId)
    .where('voice_notes.id', 'in', ids)
    .execute();
}

/**
 * SQLite: the owner's notes the filters leave, as their FTS row numbers; undefined when no
 * filter is set (the search then reads the owner's notes through its index alone).
 */
export function filteredNotes(db: Db, ownerId: string, filters: NoteFilters, now: number) {
  if (!hasNoteFilters(filters)) return undefined;
  // SQLite's FTS row number (migration 0003) is not in the schema type.
  const column = sql.ref<number>('voice_notes.search_rowid');
  return db
    .selectFrom('voice_notes')
    .select(column.as('matched'))
    .where('voice_notes.owner_id', '=', ownerId)
    .where(noteFilterConditions(ownerId, filters, now));
}

/**
 * PostgreSQL: the filters as a condition on the searched `voice_notes` row itself, tags by
 * their ids looked up first. Read where the matches are read, the planner weighs each filter
 * (a tag on 20 % of the notes, a month) against the words and walks the newest notes when that
 * is cheaper; the same filters as a set of ids to probe (`filteredNotes`) took seconds at a
 * million notes (bench:search). Undefined when no filter is set.
 */
export async function filteredNoteCondition(
  db: Db,
  ownerId: string,
  filters: NoteFilters,
  now: number,
): Promise<Expression<SqlBool> | undefined> {
  if (!hasNoteFilters(filters)) return undefined;
  const keys = [...new Set((filters.tags ?? []).map(tagNameKey))];
  const tags = keys.length === 0 ? [] : await findTagsByKeys(db, ownerId, keys);
  const ids = new Map(tags.map((tag) => [tag.name_key, tag.id]));
  return noteFilterConditions(ownerId, filters, now, { ids });
}

/**
 * Up to this many filtered notes are gathered into one set that each match is probed in;
 * beyond it (SQLite), each match is checked against the filters on its own instead, newest
 * first, until the ranking window is full.
 */
export const FILTER_SET_MAX = 20_000;

/**
 * At most how many notes the filters can leave, as far as it is cheap to tell (a pad, a tag
 * or a status other than done bounds them; dates and durations do not), capped at
 * FILTER_SET_MAX + 1: each count reads an index and stops there.
 */
export async function filteredNotesBound(db: Db, ownerId: string, filters: NoteFilters): Promise<number> {
  const cap = FILTER_SET_MAX + 1;
  const notes = () =>
    db
      .selectFrom('voice_notes')
      .select('voice_notes.id as n')
      .where('voice_notes.owner_id', '=', ownerId)
      .limit(cap);
  let bound = Number.POSITIVE_INFINITY;
  const narrow = async (rows: Expression<unknown>) => {
    const counted = await sql<{ n: number }>`SELECT count(*) AS n FROM (${rows}) c`.execute(db);
    bound = Math.min(bound, Number(counted.rows[0]?.n ?? 0));
  };
  if (filters.padId !== undefined) await narrow(notes().where('voice_notes.pad_id', '=', filters.padId));
  if (filters.status !== undefined && filters.status !== 'done') {
    await narrow(notes().where('voice_notes.status', '=', filters.status));
  }
  for (const key of new Set((filters.tags ?? []).map(tagNameKey))) {
    await narrow(
      db
        .selectFrom('voice_note_tags')
        .innerJoin('tags', 'tags.id', 'voice_note_tags.tag_id')
        .select('voice_note_tags.note_id as n')
        .where('tags.user_id', '=', ownerId)
        .where('tags.name_key', '=', key)
        .limit(cap),
    );
  }
  return bound;
}

/**
 * Past this many notes in a date range, its row numbers are not worth reading for a bound: at a
 * million notes a month (83,000) took 5-9 ms to read and saved up to 200 ms of walking back to
 * it; a quarter (252,000) took 22 ms and saved about as much as it cost (a middling word with a
 * common tag, 40 ms either way; bench:search, quiet machine).
 */
export const DATE_BOUND_MAX = 100_000;

/**
 * SQLite: the lowest and highest FTS row numbers among the owner's notes of the filters' date
 * range, read from the (owner_id, created_at, search_rowid) index alone (migration 0033), for
 * the full-text scan to seek to instead of walking every newer match back to the range. Row
 * numbers follow filing, not `created_at` (an imported note has an old date and a new row
 * number), so the bound is read from the notes, never assumed, and each match is still checked
 * against the dates. Undefined without dates, or when the range holds more than
 * DATE_BOUND_MAX notes (reading them would cost more than the walk it saves); an empty range is
 * an empty bound.
 */
export async function filteredRowidBounds(
  db: Db,
  ownerId: string,
  filters: NoteFilters,
): Promise<{ from: number; to: number } | undefined> {
  if (filters.createdFrom === undefined && filters.createdTo === undefined) return undefined;
  // How many notes the range holds, guessed from the row numbers of its first and last notes
  // (two index seeks): notes are mostly filed in date order. Only the choice to read the range
  // rests on the guess; the bound itself is read from every note in it.
  const end = (from: boolean) => {
    let q = db
      .selectFrom('voice_notes')
      .select(sql.ref<number>('voice_notes.search_rowid').as('r'))
      .where('voice_notes.owner_id', '=', ownerId)
      .orderBy('voice_notes.created_at', from ? 'asc' : 'desc')
      .limit(1);
    if (filters.createdFrom !== undefined) q = q.where('created_at', '>=', filters.createdFrom);
    if (filters.createdTo !== undefined) q = q.where('created_at', '<=', filters.createdTo);
    return q;
  };
  const ends = await sql<{ first: number | null; last: number | null }>`
    SELECT (${end(true)}) AS first, (${end(false)}) AS last`.execute(db);
  const guess = ends.rows[0];
  if (!guess || guess.first === null || guess.last === null) return { from: 1, to: 0 };
  if (Math.abs(Number(guess.last) - Number(guess.first)) + 1 > DATE_BOUND_MAX) return undefined;
  let inRange = db
    .selectFrom('voice_notes')
    .select(sql.ref<number>('voice_notes.search_rowid').as('r'))
    .where('voice_notes.owner_id', '=', ownerId);
  if (filters.createdFrom !== undefined) inRange = inRange.where('created_at', '>=', filters.createdFrom);
  if (filters.createdTo !== undefined) inRange = inRange.where('created_at', '<=', filters.createdTo);
  const bounds = await sql<{ first: number | null; last: number | null; n: number }>`
    SELECT min(r) AS first, max(r) AS last, count(*) AS n
    FROM (${inRange.limit(DATE_BOUND_MAX + 1)}) range`.execute(db);
  const { first, last, n } = bounds.rows[0] ?? { first: null, last: null, n: 0 };
  if (Number(n) > DATE_BOUND_MAX) return undefined;
  return first === null || last === null ? { from: 1, to: 0 } : { from: first, to: last };
}

/**
 * SQLite: whether the note whose FTS row number is `rowid` is the owner's and passes the
 * filters, checked for that one note through the search_rowid index.
 */
export function filteredNoteCheck(
  db: Db,
  ownerId: string,
  filters: NoteFilters,
  now: number,
): (rowid: Expression<unknown>) => Expression<SqlBool> {
  return (rowid) =>
    sql<SqlBool>`EXISTS ${db
      .selectFrom('voice_notes')
      .select(sql.lit(1).as('one'))
      .where(sql.ref('voice_notes.search_rowid'), '=', rowid)
      .where('voice_notes.owner_id', '=', ownerId)
      .where(noteFilterConditions(ownerId, filters, now, 'each'))}`;
}
