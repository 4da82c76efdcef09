import type { Db } from '../db/database.ts';
import type { SearchTable } from './ranked-match.ts';
import { RANK_WINDOW } from './ranked-match.ts';
import { hasRecentSearchIndex } from './recent-search-index.ts';
import type { SearchTerms } from './search-query.ts';
import { prefixShare, wordShare, wordStatistics, type WordStatistics } from './word-frequencies.ts';

/**
 * How PostgreSQL finds a search's newest matches (ADR 0072). `walk`: the notes newest first,
 * each tested, until RANK_WINDOW match (or GIN, when the planner prefers it): cheap for common
 * words, a long walk for rare ones. `ordered`: the RUM index hands over the matches newest
 * first: cheap for rare words, but it reads all the entries of the rarest word (or of every word
 * a typed prefix begins) first, so a common word costs more than the walk. `ordered-words`: the
 * same by the whole words alone, a typed prefix that is commoner than they checked on each.
 */
export type RecentStrategy = 'walk' | 'ordered' | 'ordered-words';

/**
 * Microseconds, measured at a million notes (bench:search, `EXPLAIN ANALYZE`): a note walked and
 * tested, an index entry read, a match handed over by the index and read from its row, and a
 * note filter checked on one note.
 */
const WALK_COST = 0.75;
const READ_COST = 0.5;
const CHECK_COST = 4;
const FILTER_COST = 2;
/** Two words side by side, given both are in a note of about fifty words. */
const ADJACENT = 1 / 25;
/** The share of notes a note filter is taken to leave: its size is not looked up. */
const FILTERED = 1 / 4;

/**
 * The cheapest strategy by the statistics. The walk tests about RANK_WINDOW / (share of notes
 * matching) notes. The index reads the entries of the rarest whole word (and, when it looks the
 * prefix up too, of every word the prefix begins), then reads the row of each match it hands
 * over until RANK_WINDOW pass what it did not look up (adjacency, the prefix, the filters).
 * Words are taken as independent, as PostgreSQL's planner takes them; a phrase is rarer than
 * its words together by ADJACENT per pair, which the planner does not know (it walked a
 * million notes for one).
 */
export function chooseRecentStrategy(
  stats: WordStatistics,
  terms: SearchTerms,
  filtered = false,
): RecentStrategy {
  const words = terms.phrases.flat();
  if (words.length === 0 && terms.prefix === undefined) return 'walk';
  const notes = Math.max(stats.notes, 1);
  const shares = words.map((word) => wordShare(stats, word));
  const together = shares.reduce((product, share) => product * share, 1);
  const adjacent = terms.phrases.reduce((product, phrase) => product * ADJACENT ** (phrase.length - 1), 1);
  const rarest = Math.min(1, ...shares);
  const typed = terms.prefix === undefined ? 1 : prefixShare(stats, terms.prefix);
  const kept = filtered ? FILTERED : 1;
  const floor = 1 / notes;

  const walked = Math.min(notes, RANK_WINDOW / Math.max(together * adjacent * typed * kept, floor));
  const costs: [RecentStrategy, number][] = [['walk', walked * (WALK_COST + (filtered ? FILTER_COST : 0))]];
  /** The index hands over `handed` (a share of notes); of those, `passing` pass the rest. */
  const ordered = (strategy: RecentStrategy, read: number, handed: number, passing: number) => {
    const checked = Math.min(handed * notes, RANK_WINDOW / Math.max(passing, floor));
    costs.push([strategy, read * notes * READ_COST + checked * (CHECK_COST + (filtered ? FILTER_COST : 0))]);
  };
  const withPrefix = terms.prefix !== undefined;
  ordered(
    'ordered',
    (words.length > 0 ? rarest : 0) + (withPrefix ? typed : 0),
    together * typed,
    adjacent * kept,
  );
  if (words.length > 0 && withPrefix) ordered('ordered-words', rarest, together, adjacent * typed * kept);
  return costs.reduce((best, next) => (next[1] < best[1] ? next : best))[0];
}

/** Voice notes on a server with the RUM index: by the statistics; else the walk. */
export async function recentStrategy(
  db: Db,
  spec: SearchTable,
  terms: SearchTerms,
  filtered: boolean,
): Promise<RecentStrategy> {
  if (spec.table !== 'voice_notes') return 'walk';
  if (!(await hasRecentSearchIndex(db))) return 'walk';
  return chooseRecentStrategy(await wordStatistics(db), terms, filtered);
}
