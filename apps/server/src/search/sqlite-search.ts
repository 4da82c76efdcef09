import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { MARK_END, MARK_START } from './highlighted-text.ts';
import type { RankedMatch, SearchPage, SearchTable } from './ranked-match.ts';
import { fts5Match, fts5PrefixMatch, type SearchTerms } from './search-query.ts';

/** bm25 weights per FTS column (owner_id, heading, body): a heading match counts ten times. */
const WEIGHTS = sql.raw('0.0, 10.0, 1.0');

/**
 * SQLite FTS5 (tables made by migration 0003). Ranking runs on the index alone and keeps
 * `limit` rows; only those are joined to their rows and highlighted, so a query that
 * matches thousands of notes does the expensive work twenty times, not thousands.
 */
export async function searchSqlite(
  db: Db,
  spec: SearchTable,
  terms: SearchTerms,
  page: SearchPage,
): Promise<RankedMatch[]> {
  const columns = [spec.heading, spec.body];
  const stems = sql.table(`${spec.table}_fts`);
  const words = sql.table(`${spec.table}_words`);
  const stemMatch = terms.phrases.length > 0 ? fts5Match(page.ownerId, columns, terms.phrases) : undefined;
  const prefixMatch = terms.prefix ? fts5PrefixMatch(page.ownerId, columns, terms.prefix) : undefined;

  let ranked: RawBuilder<unknown>;
  if (stemMatch) {
    // Whole words rank by stem; the word being typed only filters, through the other index.
    const typed = prefixMatch
      ? sql`AND rowid IN (SELECT rowid FROM ${words} WHERE ${words} MATCH ${prefixMatch})`
      : sql``;
    ranked = sql`SELECT rowid AS search_rowid, bm25(${stems}, ${WEIGHTS}) AS rank
      FROM ${stems} WHERE ${stems} MATCH ${stemMatch} ${typed}`;
  } else {
    ranked = sql`SELECT rowid AS search_rowid, bm25(${words}, ${WEIGHTS}) AS rank
      FROM ${words} WHERE ${words} MATCH ${prefixMatch ?? ''}`;
  }

  const table = sql.table(spec.table);
  const heading = sql.ref(`t.${spec.heading}`);
  const body = sql.ref(`t.${spec.body}`);
  // highlight() needs the stems index positioned on the row, hence the second MATCH.
  const marked = stemMatch
    ? sql`highlight(${stems}, 1, ${MARK_START}, ${MARK_END}) AS heading,
          highlight(${stems}, 2, ${MARK_START}, ${MARK_END}) AS body`
    : sql`${heading} AS heading, ${body} AS body`;
  const highlightJoin = stemMatch
    ? sql`JOIN ${stems} ON ${stems}.rowid = top.search_rowid AND ${stems} MATCH ${stemMatch}`
    : sql``;

  const result = await sql<{ id: string; rank: number; heading: string; body: string | null }>`
    WITH top AS MATERIALIZED (${ranked} ORDER BY rank, search_rowid DESC LIMIT ${page.limit} OFFSET ${page.offset})
    SELECT t.id, top.rank, ${marked}
    FROM top
    JOIN ${table} t ON t.search_rowid = top.search_rowid AND t.owner_id = ${page.ownerId}
    ${highlightJoin}
    ORDER BY top.rank, top.search_rowid DESC`.execute(db);
  // bm25 is lower-is-better; the API promises higher-is-better.
  return result.rows.map((row) => ({ ...row, score: -row.rank }));
}
