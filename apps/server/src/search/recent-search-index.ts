import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { RECENT_SEARCH_INDEX } from '../db/migrations/0034-recent-search-index.ts';

const known = new WeakMap<Db, Promise<boolean>>();

/**
 * PostgreSQL: whether migration 0034 could make the RUM index that hands a search's matches
 * over newest first (ADR 0072). Looked up once per database handle: the index is made by a
 * migration, which runs before the app serves.
 */
export function hasRecentSearchIndex(db: Db): Promise<boolean> {
  let answer = known.get(db);
  if (!answer) {
    answer = sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_indexes
      WHERE schemaname = current_schema() AND indexname = ${RECENT_SEARCH_INDEX}`
      .execute(db)
      .then((result) => Number(result.rows[0]?.n ?? 0) > 0);
    // A failed lookup is asked again by the next search, not remembered.
    answer.catch(() => known.delete(db));
    known.set(db, answer);
  }
  return answer;
}
