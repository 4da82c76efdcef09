import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { MARK_END, MARK_START } from './highlighted-text.ts';
import { RANK_WINDOW, type RankedMatch, type SearchPage, type SearchTable } from './ranked-match.ts';
import { tsqueryPrefixText, tsqueryText, type SearchTerms } from './search-query.ts';

/** The whole text comes back with every match marked; excerpts are cut in one place for both engines. */
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;

/**
 * PostgreSQL full text (the generated `search_document` column of migration 0003, GIN
 * indexed; a voice note's holds its spoken forms too since 0017). The most recent RANK_WINDOW matches are ranked with ts_rank; only the page's
 * rows go through ts_headline, which re-parses the text and is the slow part.
 */
export async function searchPostgres(
  db: Db,
  spec: SearchTable,
  terms: SearchTerms,
  page: SearchPage,
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
  // (common words, short prefixes) and the GIN index (rarer words) accordingly.
  const result = await sql<{ id: string; score: number; heading: string; body: string | null }>`
    WITH recent AS (
      SELECT ${own('id')} AS id FROM ${table}
      WHERE ${own('owner_id')} = ${page.ownerId} AND ${own('search_document')} @@ ${query} ${filtered}
      ORDER BY ${own('id')} DESC
      LIMIT ${RANK_WINDOW}
    ),
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
