import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Indexes that let SQLite search turn note filters into FTS row numbers without reading the
 * notes' rows (ADR 0057, issue 24). Each widens an index the app already has with
 * `search_rowid` (SQLite only: PostgreSQL has no such column), so the planner keeps its choices
 * and a write updates no more indexes than before:
 *
 * - `voice_notes_owner_created_idx` (owner_id, created_at) + search_rowid: the lowest and
 *   highest row numbers of a date range, read from the index alone, bound the full-text scan.
 * - `voice_notes_owner_idx` (owner_id, id) + search_rowid: a tag's notes (by id) to row numbers.
 * - `voice_notes_owner_status_idx` (owner_id, status, id) + search_rowid: a status's notes.
 * - `voice_notes_pad_idx` (pad_id, id) + owner_id, search_rowid: a pad's notes.
 *
 *
 * And one new index, `voice_notes_search_rowid_filters_idx` (search_rowid, owner_id, id,
 * created_at, duration_seconds, status): a filter checked match by match (a common tag, dates,
 * durations) reads it instead of the note's row (a transcript's row spans pages); 5,000 checks
 * of a common tag took 60 ms through the rows, 43 ms through this index.
 *
 * Reading a filter's 10,000 rows for their row numbers took 70-110 ms at a million notes; read
 * from these indexes, a few milliseconds. A dropped index loses its ANALYZE statistics; where
 * the database has statistics, the widened index gets its own again, or the planner, comparing
 * it by default guesses with the others' real figures, picks it for the wrong queries (a pad's
 * notes read through the owner's million, seconds).
 */
const WIDENED = [
  ['voice_notes_owner_created_idx', ['owner_id', 'created_at'], ['search_rowid']],
  ['voice_notes_owner_idx', ['owner_id', 'id'], ['search_rowid']],
  ['voice_notes_owner_status_idx', ['owner_id', 'status', 'id'], ['search_rowid']],
  ['voice_notes_pad_idx', ['pad_id', 'id'], ['owner_id', 'search_rowid']],
] as const;

const CHECK_INDEX = 'voice_notes_search_rowid_filters_idx';
const CHECK_COLUMNS = 'search_rowid, owner_id, id, created_at, duration_seconds, status';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

async function rebuild(db: Kysely<unknown>, widen: boolean): Promise<void> {
  const analysed = await sql<{ n: number }>`
    SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'`.execute(db);
  for (const [name, columns, added] of WIDENED) {
    const list = widen ? [...columns, ...added] : columns;
    await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
    await sql.raw(`CREATE INDEX ${name} ON voice_notes (${list.join(', ')})`).execute(db);
    if (Number(analysed.rows[0]?.n ?? 0) > 0) await sql.raw(`ANALYZE ${name}`).execute(db);
  }
  await sql.raw(`DROP INDEX IF EXISTS ${CHECK_INDEX}`).execute(db);
  if (!widen) return;
  await sql.raw(`CREATE INDEX ${CHECK_INDEX} ON voice_notes (${CHECK_COLUMNS})`).execute(db);
  if (Number(analysed.rows[0]?.n ?? 0) > 0) await sql.raw(`ANALYZE ${CHECK_INDEX}`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await rebuild(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await rebuild(db, false);
}
