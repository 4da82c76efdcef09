import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { MARK_END, MARK_START } from './highlighted-text.ts';
import { RANK_WINDOW, type RankedMatch, type SearchPage, type SearchTable } from './ranked-match.ts';
import { recentStrategy, type RecentStrategy } from './recent-strategy.ts';
import { tsqueryPrefixText, tsqueryText, type SearchTerms } from './search-query.ts';

/**
 * What the RUM index (ADR 0072) measures each note's `created_at` from: ordering by the
 * distance below it is newest first. Below 2^52, so every millisecond stays distinct in the
 * double the distance is computed in (a reference of 2^63 merged notes seconds apart).
 */
const NEWEST = 4_000_000_000_000_000;

/** The whole text comes back with every match marked; excerpts are cut in one place for both engines. */
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;

/**
 * PostgreSQL full text (the generated `search_document` column of migration 0003, GIN
 * indexed, and RUM indexed for voice notes where the server has the extension, migration 0034;
 * a voice note's holds its spoken forms too since 0017). The most recent RANK_WINDOW matches
 * are ranked with ts_rank; only the page's rows go through ts_headline, which re-parses the
 * text and is the slow part.
 */
export async function searchPostgres(
  db: Db,
  spec: SearchTable,
  terms: SearchTerms,
  page: SearchPage,
  /** Chosen by the statistics (recent-strategy.ts) unless given; tests give both. */
  strategy?: RecentStrategy,
): Promise<RankedMatch[]> {
  const stems =
    terms.phrases.length > 0 ? sql`to_tsquery('english', ${tsqueryText(terms.phrases)})` : undefined;
  const typed = terms.prefix ? sql`to_tsquery('simple', ${tsqueryPrefixText(terms.prefix)})` : undefined;
  const query = stems && typed ? sql`(${stems} && ${typed})` : (stems ?? typed ?? sql`''::tsquery`);

  const table = sql.table(spec.table);
  const heading = sql.ref(`t.${spec.heading}`);
  const body = sql.ref(`t.${spec.body}`);
  // The typed prefix is highlighted by the caller: ts_headline compares stems, not prefixes of words as written.
  const marked = stems
    ? sql`ts_headline('english', ${heading}, ${stems}, ${HEADLINE_OPTIONS}) AS heading,
          CASE WHEN ${body} IS NULL THEN NULL
               ELSE ts_headline('english', ${body}, ${stems}, ${HEADLINE_OPTIONS}) END AS body`
    : sql`${heading} AS heading, ${body} AS body`;

  // The filters read the row under the table's own name, so the matches are read unaliased.
  const own = (column: string) => sql.ref(`${spec.table}.${column}`);
  const filtered = page.where ? sql`AND ${page.where}` : sql``;

  // The tsquery is written out where it is used, not read from a CTE: then the planner sees
  // its value, estimates how many notes match, and picks between walking the newest notes
  // (common words, short prefixes) and the GIN index (rarer words) accordingly. Voice notes are
  // newest by date, as the RUM index below orders them, so both ways rank the same window and
  // a date range is walked from its end.
  const newest =
    spec.table === 'voice_notes' ? sql`${own('created_at')} DESC, ${own('id')} DESC` : sql`${own('id')} DESC`;
  // A prefix typed after whole words is checked on each note by the function behind @@, which
  // no index answers: read through GIN, two letters ("great go") gather every word they begin
  // before the first match (300 ms at a million notes), and the words alone are enough to
  // choose by.
  const wordsFirst = stems && typed ? sql`AND ts_match_vq(${own('search_document')}, ${query})` : sql``;
  let recent = sql`SELECT ${own('id')} AS id FROM ${table}
      WHERE ${own('owner_id')} = ${page.ownerId} AND ${own('search_document')} @@ ${stems ?? query} ${wordsFirst} ${filtered}
      ORDER BY ${newest} LIMIT ${RANK_WINDOW}`;
  // Rare words with the RUM index: the newest matches come from the index in order (ADR 0072),
  // from the end of a date range when there is one. A typed prefix commoner than the whole
  // words is left out of the lookup, as in the walk.
  const chosen = strategy ?? (await recentStrategy(db, spec, terms, page.where !== undefined));
  if (chosen !== 'walk') {
    const byWords = chosen === 'ordered-words' && stems !== undefined;
    const indexed = byWords ? stems : query;
    const rest = byWords ? wordsFirst : sql``;
    const from = Math.trunc(page.newest ?? NEWEST);
    recent = sql`SELECT ${own('id')} AS id FROM ${table}
      WHERE ${own('owner_id')} = ${page.ownerId} AND ${own('search_document')} @@ ${indexed} ${rest} ${filtered}
      ORDER BY ${own('created_at')} <=| ${from}::bigint LIMIT ${RANK_WINDOW}`;
  }

  const result = await sql<{ id: string; score: number; heading: string; body: string | null }>`
    WITH recent AS (${recent}),
    top AS (
      SELECT t.id, ts_rank(t.search_document, ${query}, 1) AS score
      FROM recent JOIN ${table} t ON t.id = recent.id
      ORDER BY score DESC, t.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT t.id, top.score, ${marked}
    FROM top JOIN ${table} t ON t.id = top.id
    ORDER BY top.score DESC, t.id DESC`.execute(db);
  return result.rows.map((row) => ({ ...row, score: Number(row.score) }));
}
