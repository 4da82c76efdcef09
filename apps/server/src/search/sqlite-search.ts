import { type Expression, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { hasBm25Tf } from '../db/sqlite-extensions.ts';
import { MARK_END, MARK_START } from './highlighted-text.ts';
import { RANK_WINDOW, type RankedMatch, type SearchPage, type SearchTable } from './ranked-match.ts';
import { fts5Match, fts5PrefixMatch, type SearchTerms } from './search-query.ts';

/**
 * bm25 weights per FTS column (owner_id, heading, body[, spoken]): a heading match counts ten
 * times; a column past the list (a transcript's spoken forms) weighs 1.0, like the body.
 */
const WEIGHTS = sql.raw('0.0, 10.0, 1.0');

/** How many of the whole words' newest matches place the floor of a typed word's set, in turn. */
const FLOOR_READS = [4 * RANK_WINDOW, 32 * RANK_WINDOW];
/** The longest prefix the words-as-written index holds as one entry (prefix='2 3'). */
const INDEXED_PREFIX_MAX = 3;

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
  // The filtered notes likewise: one set, built once, probed per match.
  // Filters that leave many notes are checked match by match instead, which stops with the window.
  const filteredIn = (fts: 'fts' | 'words') =>
    page.check
      ? sql`AND ${page.check(sql.ref(`${spec.table}_${fts}.rowid`))}`
      : page.within
        ? sql`AND +rowid IN (${page.within})`
        : sql``;
  const within = filteredIn(stemMatch ? 'fts' : 'words');
  // A date range's row numbers bound the scan; FTS5 seeks to them (no unary + here).
  const bounded = page.rowids ? sql`AND rowid BETWEEN ${page.rowids.from} AND ${page.rowids.to}` : sql``;
  const matching = (typed: Expression<unknown> = sql``) => sql`SELECT rowid FROM ${index}
    WHERE ${index} MATCH ${stemMatch ?? prefixMatch ?? ''} ${bounded} ${typed} ${within}
    ORDER BY rowid DESC LIMIT ${RANK_WINDOW}`;
  let newest = matching();
  if (stemMatch && terms.prefix) {
    // Whole words with a word being typed: the typed word's notes are a set the whole words'
    // matches are probed in, and two letters are in most notes ("do": 600,000 of a million).
    const typedMatch = fts5PrefixMatch(null, columns, terms.prefix);
    newest = matching(sql`AND +rowid IN (SELECT rowid FROM ${words} WHERE ${words} MATCH ${typedMatch})`);
    // A prefix the index keeps whole (prefix='2 3', migration 0017) is read from a floor instead:
    // the row number of the FLOOR_READS-th newest match of the whole words. When the matches
    // above that floor fill the window, no match below it can be in the window; otherwise a
    // deeper floor, and at last none (the set above). A longer prefix is gathered from each word it begins, in full whatever
    // the floor; it is rarer, so its set is smaller, and a floor would only add queries.
    const floors = [...terms.prefix].length <= INDEXED_PREFIX_MAX ? FLOOR_READS : [];
    for (const read of floors) {
      const floor = await sql<{ floor: number | null; n: number }>`
        SELECT min(rowid) AS floor, count(*) AS n FROM (
          SELECT rowid FROM ${stems} WHERE ${stems} MATCH ${stemMatch} ${bounded}
          ORDER BY rowid DESC LIMIT ${read})`.execute(db);
      const { floor: at, n } = floor.rows[0] ?? { floor: null, n: 0 };
      if (at === null) break;
      // Above the floor the whole words' matches are few (at most `read`): they become the set,
      // and the typed word's index, which keeps a two- or three-letter prefix as one list, is
      // walked newest first until the window is full (`trust th`: 150 -> 15 ms in the shell).
      const fromFloor = sql`SELECT rowid FROM ${words}
        WHERE ${words} MATCH ${typedMatch} AND rowid >= ${at} ${bounded}
          AND +rowid IN (SELECT rowid FROM ${stems} WHERE ${stems} MATCH ${stemMatch} AND rowid >= ${at} ${bounded})
          ${filteredIn('words')}
        ORDER BY rowid DESC LIMIT ${RANK_WINDOW}`;
      // Fewer matches than were read: every one is at or above the floor.
      if (Number(n) < read) {
        newest = fromFloor;
        break;
      }
      const found = await sql<{ rowid: number }>`${fromFloor}`.execute(db);
      if (found.rows.length === RANK_WINDOW) {
        newest = sql`SELECT value FROM json_each(${JSON.stringify(found.rows.map((r) => r.rowid))})`;
        break;
      }
    }
  }
  // bm25 scores every phrase of its MATCH, and the owner's token is in all of the owner's notes:
  // its statistics read that whole doclist (27 ms of a 30 ms query at a million notes). So the
  // window is found with the owner's token and ranked by the words alone, probing it as a set.
  // The scores are the same: the owner column weighs 0.
  //
  // bm25() also counts, once per search, every note of the whole table each phrase is in, for its
  // inverse document frequency (a common phrase at a million notes: 84 of 101 ms). With one
  // phrase that frequency is a factor shared by every row and cannot change the order, so
  // bm25_tf, the same score without it, ranks instead when the connection has it (ADR 0070).
  const onePhrase = terms.phrases.length === 1 || (terms.phrases.length === 0 && terms.prefix !== undefined);
  const rankFunction = sql.raw(onePhrase && hasBm25Tf(db) ? 'bm25_tf' : 'bm25');
  const window = sql`SELECT rowid AS search_rowid, ${rankFunction}(${index}, ${WEIGHTS}) AS rank
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
