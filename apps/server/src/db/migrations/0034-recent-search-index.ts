import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL, when the server offers the `rum` extension (Debian: postgresql-NN-rum): an index
 * that returns a search's matches newest first (ADR 0072). GIN finds every note holding a word
 * but in no order, so "the 1,000 newest matches" meant walking the newest notes one by one
 * (tens of thousands of rows for a middling word) or reading every match's row; at a million
 * notes both took 50-600 ms. RUM keeps each note's `created_at` beside its postings and hands
 * the matches over in that order.
 *
 * Optional: without the extension, or without the right to create it (a managed server), the
 * migration makes nothing and search keeps the GIN index alone (search/recent-search-index.ts
 * tells which; the app logs it at start). The attempt sits in a savepoint, so a refusal
 * does not end the migration's transaction. SQLite: nothing (FTS5 returns its matches in row
 * order already).
 */
export const RECENT_SEARCH_INDEX = 'voice_notes_recent_search_idx';
/** Also run by bench:search after its bulk seed, which drops the index while it writes. */
export const CREATE_RECENT_SEARCH_INDEX = `CREATE INDEX IF NOT EXISTS ${RECENT_SEARCH_INDEX} ON voice_notes
  USING rum (search_document rum_tsvector_addon_ops, created_at)
  WITH (attach = 'created_at', to = 'search_document')`;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const offered = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'rum'`.execute(db);
  if (Number(offered.rows[0]?.n ?? 0) === 0) return;
  await sql`SAVEPOINT recent_search_index`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS rum`.execute(db);
    await sql.raw(CREATE_RECENT_SEARCH_INDEX).execute(db);
    await sql`RELEASE SAVEPOINT recent_search_index`.execute(db);
  } catch {
    // Searches work through GIN alone; the app logs which index it searches with at start.
    await sql`ROLLBACK TO SAVEPOINT recent_search_index`.execute(db);
    await sql`RELEASE SAVEPOINT recent_search_index`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(`DROP INDEX IF EXISTS ${RECENT_SEARCH_INDEX}`).execute(db);
}
