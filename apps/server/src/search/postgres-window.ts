import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SearchTable } from './ranked-match.ts';

/**
 * How deep each pass reads into the owner's newest rows: the first pass the newest 5,000, the
 * next down to the 50,000th, then the 500,000th, then the rest. A common word fills the window
 * from the first band; a rare one reaches the last, where its GIN entries are few.
 */
export const WINDOW_BANDS = [5_000, 50_000, 500_000] as const;

export interface WindowQuery {
  ownerId: string;
  /** The full-text condition (`search_document @@ ...`) on the row read under the table's own name. */
  matches: RawBuilder<SqlBool>;
  /** The note filters, on the same row. */
  where?: Expression<SqlBool> | undefined;
  /** How many of the newest matches are wanted. */
  size: number;
}

/** The id of the owner's `depth`th newest row, or undefined when the owner has fewer. */
async function floorAt(db: Db, spec: SearchTable, ownerId: string, depth: number) {
  const table = sql.table(spec.table);
  const result = await sql<{ id: string }>`
    SELECT id FROM ${table} WHERE owner_id = ${ownerId}
    ORDER BY id DESC LIMIT 1 OFFSET ${depth - 1}`.execute(db);
  return result.rows[0]?.id;
}

/**
 * The ids of the newest matches among the owner's rows with ids in [floor, ceiling), newest
 * first. The matches are gathered in a subquery that the ORDER BY ... LIMIT cannot reach
 * (OFFSET 0), so the planner cannot walk the primary key backwards testing every row's
 * tsvector, which it chose on estimates that were far off (bench:search, docs/performance.md):
 * it reads the GIN index, ANDed with the band of ids where that narrows it.
 */
async function band(
  db: Db,
  spec: SearchTable,
  query: WindowQuery,
  floor: string | undefined,
  ceiling: string | undefined,
  limit: number,
): Promise<string[]> {
  const own = (column: string) => sql.ref(`${spec.table}.${column}`);
  const above = floor === undefined ? sql`` : sql`AND ${own('id')} >= ${floor}`;
  const below = ceiling === undefined ? sql`` : sql`AND ${own('id')} < ${ceiling}`;
  const filtered = query.where ? sql`AND ${query.where}` : sql``;
  const result = await sql<{ id: string }>`
    SELECT id FROM (
      SELECT ${own('id')} AS id FROM ${sql.table(spec.table)}
      WHERE ${own('owner_id')} = ${query.ownerId} AND ${query.matches} ${above} ${below} ${filtered}
      OFFSET 0
    ) band
    ORDER BY id DESC
    LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => row.id);
}

/**
 * The ids of the owner's `size` newest matches, newest first: the same rows as one query
 * ordered by id, found band by band (WINDOW_BANDS) from the newest rows down until the window
 * is full. Each band's matches are all newer than the next band's, so the bands' matches in
 * order are the newest matches overall. `bands` are depths into the owner's newest rows; with
 * none, one query reads them all.
 */
export async function newestMatchIds(
  db: Db,
  spec: SearchTable,
  query: WindowQuery,
  bands: readonly number[] = WINDOW_BANDS,
): Promise<string[]> {
  const found: string[] = [];
  let ceiling: string | undefined;
  for (const depth of [...bands, undefined]) {
    const floor = depth === undefined ? undefined : await floorAt(db, spec, query.ownerId, depth);
    found.push(...(await band(db, spec, query, floor, ceiling, query.size - found.length)));
    if (found.length >= query.size || floor === undefined) break;
    ceiling = floor;
  }
  return found;
}
