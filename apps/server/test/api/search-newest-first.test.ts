/**
 * PostgreSQL's ways of finding a search's newest matches (ADR 0072): walking the notes newest
 * first, or the RUM index handing the matches over newest first (when the server has the `rum`
 * extension; `npm test` installs it on Debian). Whichever way the statistics choose, a search
 * must rank the same window (the RANK_WINDOW newest matches by date, imported notes with old
 * dates included) and answer the same page. Notes are written straight into the table: the
 * window only shows past a thousand matches.
 */
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.ts';
import { RECENT_SEARCH_INDEX } from '../../src/db/migrations/0034-recent-search-index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteFilters } from '@voxpad/shared/note-filters';
import type { Pad } from '@voxpad/shared/pads';
import { noteFilterConditions } from '../../src/note-filters/note-filter-conditions.ts';
import { searchPostgres } from '../../src/search/postgres-search.ts';
import { RANK_WINDOW, VOICE_NOTE_SEARCH, type SearchPage } from '../../src/search/ranked-match.ts';
import { hasRecentSearchIndex } from '../../src/search/recent-search-index.ts';
import { recentStrategy, type RecentStrategy } from '../../src/search/recent-strategy.ts';
import { parseSearchTerms } from '../../src/search/search-query.ts';
import { signedUpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';

const NOTES = 1300;
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
let server: TestApp;
let ownerId: string;
let rum = false;
/** Note i is dated START + dated[i] days: filing order and dates disagree, as after an import. */
const dated: number[] = [];

function transcript(i: number): string {
  const words = ['alpha', i % 2 === 0 ? 'even' : 'odd'];
  if (i % 65 === 0) words.push('rarely');
  if (i % 7 === 0) words.push('blue', 'sky');
  if (i % 11 === 0) words.push('sky', 'blue');
  if (i % 5 === 0) words.push(i % 10 === 0 ? 'zebra' : 'zebras');
  // Repeats make the scores differ, so the ranking within the window is tested too.
  for (let r = 0; r < i % 4; r++) words.push('alpha');
  return words.join(' ');
}

beforeAll(async () => {
  server = await startTestApp();
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Window' })).body;
  ownerId = (
    await server.db.selectFrom('pads').select('owner_id').where('id', '=', pad.id).executeTakeFirstOrThrow()
  ).owner_id;
  const rows = [];
  for (let i = 0; i < NOTES; i++) {
    // Every tenth note is an "import": filed late, dated early.
    dated.push(i % 10 === 3 ? i / 10 : 200 + i);
    const text = transcript(i);
    rows.push({
      id: `note${String(i).padStart(6, '0')}`,
      pad_id: pad.id,
      owner_id: ownerId,
      title: `Note ${i}`,
      status: 'done' as const,
      content_type: 'audio/wav',
      size_bytes: 1000,
      storage_key: `audio/${ownerId}/note${i}.wav`,
      duration_seconds: 10 + (i % 30),
      transcript: text,
      word_count: text.split(' ').length,
      created_at: START + dated[i]! * DAY + i,
      updated_at: START + dated[i]! * DAY + i,
    });
  }
  for (let at = 0; at < rows.length; at += 500) {
    await server.db
      .insertInto('voice_notes')
      .values(rows.slice(at, at + 500))
      .execute();
  }
  if (currentBackend() === 'postgres') {
    await sql`ANALYZE voice_notes`.execute(server.db);
    const offered = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'rum'`.execute(server.db);
    rum = Number(offered.rows[0]?.n ?? 0) > 0;
    process.stdout.write(
      `[search-newest-first] PostgreSQL covered: the walk${rum ? ' and the RUM index' : ' only (no rum extension on this server)'}\n`,
    );
  }
}, 120_000);
afterAll(async () => {
  await server.close();
});

const QUERIES: [string, NoteFilters?][] = [
  ['alpha '],
  ['rarely '],
  ['"blue sky"'],
  ['zeb'],
  ['alpha zeb'],
  ['rarely alp'],
  ['even zebras '],
  ['alpha ', { createdFrom: START + 300 * DAY, createdTo: START + 900 * DAY }],
  ['alpha ', { createdTo: START + 100 * DAY }],
  ['odd ', { minDuration: 20, maxDuration: 25 }],
];

async function ranked(q: string, filters: NoteFilters | undefined, strategy: RecentStrategy, limit: number) {
  const page: SearchPage = { ownerId, limit, offset: 0 };
  if (filters) {
    page.where = noteFilterConditions(ownerId, filters, Date.now(), { ids: new Map() });
    page.newest = filters.createdTo;
  }
  const matches = await searchPostgres(server.db, VOICE_NOTE_SEARCH, parseSearchTerms(q), page, strategy);
  return matches.map((m) => ({ id: m.id, score: m.score, body: m.body }));
}

describe.runIf(currentBackend() === 'postgres')('PostgreSQL: the newest matches, found either way', () => {
  it('has the RUM index exactly when the server offers the extension', async () => {
    expect(await hasRecentSearchIndex(server.db)).toBe(rum);
  });

  it('ranks the newest matches by date, imported notes by their own dates', async () => {
    const window = await ranked('alpha ', undefined, 'walk', RANK_WINDOW + 1);
    expect(window).toHaveLength(RANK_WINDOW);
    const newest = [...dated.keys()]
      .sort((a, b) => dated[b]! - dated[a]! || b - a)
      .slice(0, RANK_WINDOW)
      .map((i) => `note${String(i).padStart(6, '0')}`);
    expect(new Set(window.map((m) => m.id))).toEqual(new Set(newest));
    // Best first: more repeats of the word score higher.
    const scores = window.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('answers every search the same whichever way the newest matches are found', async () => {
    const ways: RecentStrategy[] = rum ? ['walk', 'ordered', 'ordered-words'] : ['walk'];
    for (const [q, filters] of QUERIES) {
      const walked = await ranked(q, filters, 'walk', 60);
      expect(walked.length, q).toBeGreaterThan(0);
      for (const way of ways.slice(1)) {
        expect(await ranked(q, filters, way, 60), `${q} ${way}`).toEqual(walked);
      }
    }
  });

  it('searches by the walk alone, with the same answers, on a database without the index', async () => {
    const expected = await ranked('rarely ', undefined, 'walk', 60);
    if (rum)
      expect(await recentStrategy(server.db, VOICE_NOTE_SEARCH, parseSearchTerms('rarely '), false)).toBe(
        'ordered',
      );
    await sql.raw(`DROP INDEX IF EXISTS ${RECENT_SEARCH_INDEX}`).execute(server.db);
    // A process started on it (a handle of its own) finds no index and never names RUM's operator.
    const fresh = createDatabase(server.config.database);
    try {
      expect(await hasRecentSearchIndex(fresh)).toBe(false);
      expect(await recentStrategy(fresh, VOICE_NOTE_SEARCH, parseSearchTerms('rarely '), false)).toBe('walk');
      const page: SearchPage = { ownerId, limit: 60, offset: 0 };
      const matches = await searchPostgres(fresh, VOICE_NOTE_SEARCH, parseSearchTerms('rarely '), page);
      expect(matches.map((m) => ({ id: m.id, score: m.score, body: m.body }))).toEqual(expected);
    } finally {
      await fresh.destroy();
    }
  });
});
