import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * PostgreSQL's own statistics of the searched words (ADR 0072): what share of the notes holds
 * each of the most common lexemes (`most_common_elems` of `voice_notes.search_document`, made by
 * ANALYZE; both English stems and words as written, as the document holds both), and how many
 * notes there are. Read once per database handle and again after STATS_TTL_MS: they change
 * only when PostgreSQL analyses the table again.
 */
export interface WordStatistics {
  /** Share of notes holding each common lexeme, 0-1. */
  shares: ReadonlyMap<string, number>;
  /** The same lexemes in code-unit order, to find those that begin with a prefix. */
  sorted: readonly string[];
  /** The share given to a lexeme that is not among the common ones (half the least common's). */
  rare: number;
  /** Notes in the table (all owners), as PostgreSQL last counted them. */
  notes: number;
}

export const STATS_TTL_MS = 10 * 60_000;
const EMPTY: WordStatistics = { shares: new Map(), sorted: [], rare: 0, notes: 0 };
const cached = new WeakMap<Db, { at: number; stats: Promise<WordStatistics> }>();

export function wordStatistics(db: Db, now = Date.now()): Promise<WordStatistics> {
  const entry = cached.get(db);
  if (entry && now - entry.at < STATS_TTL_MS) return entry.stats;
  const stats = readStatistics(db);
  // A failed read is tried again by the next search, not remembered.
  stats.catch(() => cached.delete(db));
  cached.set(db, { at: now, stats });
  return stats;
}

async function readStatistics(db: Db): Promise<WordStatistics> {
  const result = await sql<{ elems: string[] | null; freqs: number[] | null; notes: number | null }>`
    SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs,
           (SELECT reltuples FROM pg_class WHERE oid = 'voice_notes'::regclass) AS notes
    FROM (SELECT 1) one
    LEFT JOIN pg_stats s ON s.schemaname = current_schema()
      AND s.tablename = 'voice_notes' AND s.attname = 'search_document'`.execute(db);
  const row = result.rows[0];
  if (!row?.elems || !row.freqs) return { ...EMPTY, notes: Math.max(0, Number(row?.notes ?? 0)) };
  const shares = new Map<string, number>();
  row.elems.forEach((lexeme, i) => shares.set(lexeme, Number(row.freqs![i])));
  // After one share per lexeme, PostgreSQL appends the least and the greatest share.
  const least = Number(row.freqs[row.elems.length] ?? 0);
  const sorted = [...shares.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { shares, sorted, rare: least / 2, notes: Math.max(0, Number(row.notes ?? 0)) };
}

/**
 * The share of notes holding a word as typed, read from the statistics. The search matches
 * English stems ("thinking" as "think"), which the statistics hold too but which are not worked
 * out here: the word without a final s, and the longest common lexeme of four letters or more
 * that begins the word and is at most three letters shorter, stand for its stem, and the
 * largest share is taken. Only a choice of plan rests on it.
 */
export function wordShare(stats: WordStatistics, word: string): number {
  let share = stats.shares.get(word) ?? stats.rare;
  // A plural's stem is the word without its s ("says" is searched as "say").
  const singular = word.endsWith('s') ? stats.shares.get(word.slice(0, -1)) : undefined;
  if (singular !== undefined) share = Math.max(share, singular);
  for (let length = word.length - 1; length >= Math.max(4, word.length - 3); length--) {
    const stem = stats.shares.get(word.slice(0, length));
    if (stem !== undefined) {
      share = Math.max(share, stem);
      break;
    }
  }
  return share;
}

/**
 * The share of notes holding some word that begins with `prefix`, bounded by the sum of the
 * common lexemes' shares that begin with it (stems and words as written both count, so it errs
 * high), or the rare share when none does.
 */
export function prefixShare(stats: WordStatistics, prefix: string): number {
  const { sorted } = stats;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  let sum = 0;
  for (let i = low; i < sorted.length && sorted[i]!.startsWith(prefix); i++) {
    sum += stats.shares.get(sorted[i]!) ?? 0;
  }
  return sum > 0 ? Math.min(1, sum) : stats.rare;
}
