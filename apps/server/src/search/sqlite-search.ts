import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { MARK_END, MARK_START } from './highlighted-text.ts';
import { RANK_WINDOW, type RankedMatch, type SearchPage, type SearchTable } from './ranked-match.ts';
import { fts5Match, fts5PrefixMatch, type SearchTerms } from './search-query.ts';

/**
 * bm25 weights per FTS column (owner_id, heading, body[, spoken]): a heading match counts ten
 * times; a column past the list (a transcript's spoken forms) weighs 1.0, like the body.
 */
const WEIGHTS = sql.raw('0.0, 10.0, 1.0');

/**
 * SQLite FTS5 (tables made by migration 0003; voice notes' remade with their spoken forms by 0017). The most recent RANK_WINDOW matches are
 * read newest first, which FTS5 does without visiting older ones, and ranked by bm25;
 * only the page's rows are joined to their table and highlighted.
 */
export async function searchSqlite(
  db: Db,
  spec: SearchTable,
  terms: SearchTerms,
  page: SearchPage,
): Promise<RankedMatch[]> {
  const columns: string[] = [spec.heading, spec.body];
  if (spec.spoken) columns.push(spec.spoken);
  const stems = sql.table(`${spec.table}_fts`);
  const words = sql.table(`${spec.table}_words`);
  // A set of filtered notes holds the owner's alone, so the owner's token would only add the
  // walk of its doclist (a million entries) beside the words'.
  const scope = page.within ? null : page.ownerId;
  const stemMatch = terms.phrases.length > 0 ? fts5Match(scope, columns, terms.phrases) : undefined;
  const prefixMatch = terms.prefix ? fts5PrefixMatch(scope, columns, terms.prefix) : undefined;
  // The same words without the owner's token, to rank rows already known to be the owner's.
  const rankMatch =
    terms.phrases.length > 0
      ? fts5Match(null, columns, terms.phrases)
      : terms.prefix
        ? fts5PrefixMatch(null, columns, terms.prefix)
        : '';

  // Whole words rank by stem; the word being typed only filters, through the index of
  // words as written. The unary + keeps SQLite from handing the IN list to FTS5 as rowid
  // lookups (one full MATCH per candidate); instead the set is built once and probed.
  const index = stemMatch ? stems : words;
  const typed =
    stemMatch && prefixMatch
      ? sql`AND +rowid IN (SELECT rowid FROM ${words} WHERE ${words} MATCH ${prefixMatch})`
      : sql``;
  // The filtered notes likewise: one set, built once, probed per match.
  // Filters that leave many notes are checked match by match instead, which stops with the window.
  const within = page.check
    ? sql`AND ${page.check(sql.ref(`${spec.table}_${stemMatch ? 'fts' : 'words'}.rowid`))}`
    : page.within
      ? sql`AND +rowid IN (${page.within})`
      : sql``;
  // A date range's row numbers bound the scan; FTS5 seeks to them (no unary + here).
  const bounded = page.rowids ? sql`AND rowid BETWEEN ${page.rowids.from} AND ${page.rowids.to}` : sql``;
  const newest = sql`SELECT rowid FROM ${index}
    WHERE ${index} MATCH ${stemMatch ?? prefixMatch ?? ''} ${bounded} ${typed} ${within}
    ORDER BY rowid DESC LIMIT ${RANK_WINDOW}`;
  // bm25 scores every phrase of its MATCH, and the owner's token is in all of the owner's notes:
  // its statistics read that whole doclist (27 ms of a 30 ms query at a million notes). So the
  // window is found with the owner's token and ranked by the words alone, probing it as a set.
  // The scores are the same: the owner column weighs 0.
  const window = sql`SELECT rowid AS search_rowid, bm25(${index}, ${WEIGHTS}) AS rank
    FROM ${index} WHERE ${index} MATCH ${rankMatch} AND +rowid IN (${newest})
    ORDER BY rowid DESC LIMIT ${RANK_WINDOW}`;

  const table = sql.table(spec.table);
  const heading = sql.ref(`t.${spec.heading}`);
  const body = sql.ref(`t.${spec.body}`);
  // highlight() needs the stems index positioned on the row, hence its own MATCH per row.
  const marked = stemMatch
    ? sql`highlight(${stems}, 1, ${MARK_START}, ${MARK_END}) AS heading,
          highlight(${stems}, 2, ${MARK_START}, ${MARK_END}) AS body`
    : sql`${heading} AS heading, ${body} AS body`;
  // CROSS JOIN fixes the order: the page's rows first, then one indexed MATCH each, never
  // a scan of every match being joined back to the page.
  const highlightJoin = stemMatch
    ? sql`CROSS JOIN ${stems} ON ${stems}.rowid = top.search_rowid AND ${stems} MATCH ${stemMatch}`
    : sql``;

  const result = await sql<{ id: string; rank: number; heading: string; body: string | null }>`
    WITH top AS MATERIALIZED (
      SELECT search_rowid, rank FROM (${window})
      ORDER BY rank, search_rowid DESC LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT t.id, top.rank, ${marked}
    FROM top
    CROSS JOIN ${table} t ON t.search_rowid = top.search_rowid AND t.owner_id = ${page.ownerId}
    ${highlightJoin}
    ORDER BY top.rank, top.search_rowid DESC`.execute(db);
  // bm25 is lower-is-better; the API promises higher-is-better.
  return result.rows.map((row) => ({ ...row, score: -row.rank }));
}
