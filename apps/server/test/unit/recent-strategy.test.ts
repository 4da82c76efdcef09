/**
 * The choice between walking the newest notes and PostgreSQL's RUM index (ADR 0072), from
 * word statistics like those ANALYZE gives at a million notes (shares from bench:search's
 * database). Which way answers is covered against a real server in
 * test/api/search-newest-first.test.ts; here, that each query shape goes the cheaper way.
 */
import { describe, expect, it } from 'vitest';
import { chooseRecentStrategy } from '../../src/search/recent-strategy.ts';
import { parseSearchTerms } from '../../src/search/search-query.ts';
import { prefixShare, wordShare, type WordStatistics } from '../../src/search/word-frequencies.ts';

const SHARES: [string, number][] = [
  ['you', 0.84],
  ['know', 0.26],
  ['say', 0.11],
  ['says', 0.017],
  ['great', 0.042],
  ['god', 0.03],
  ['godfather', 0.004],
  ['go', 0.3],
  ['going', 0.25],
  ['good', 0.3],
  ['got', 0.15],
  ['think', 0.145],
  ['thinking', 0.015],
  ['littl', 0.071],
  ['little', 0.071],
  ['hang', 0.012],
  ['connect', 0.0055],
  ['connected', 0.003],
];

function statistics(notes: number): WordStatistics {
  const shares = new Map(SHARES);
  return { shares, sorted: [...shares.keys()].sort(), rare: 0.00008, notes };
}
const million = statistics(1_000_000);
const choose = (q: string, filtered = false, stats = million) =>
  chooseRecentStrategy(stats, parseSearchTerms(q), filtered);

describe('word shares from the statistics', () => {
  it('takes a stem that begins the word, or the word without its s, when commoner', () => {
    expect(wordShare(million, 'thinking')).toBe(0.145);
    expect(wordShare(million, 'says')).toBe(0.11);
    expect(wordShare(million, 'little')).toBe(0.071);
    // Too short a beginning is another word: "godfather" is not "god".
    expect(wordShare(million, 'godfather')).toBe(0.004);
    expect(wordShare(million, 'zygote')).toBe(0.00008);
  });

  it('sums the shares of the words a prefix begins, at most 1', () => {
    expect(prefixShare(million, 'conn')).toBeCloseTo(0.0085);
    expect(prefixShare(million, 'go')).toBe(1);
    expect(prefixShare(million, 'zz')).toBe(0.00008);
  });
});

describe('the way to the newest matches', () => {
  it('walks for common words and short common prefixes, where the window fills at once', () => {
    expect(choose('know ')).toBe('walk');
    expect(choose('little ')).toBe('walk');
    expect(choose('go')).toBe('walk');
    expect(choose('"you know"')).toBe('walk');
  });

  it('reads the index for rare words and prefixes, which a walk would cross the table for', () => {
    expect(choose('hang ')).toBe('ordered');
    expect(choose('zygote ')).toBe('ordered');
    expect(choose('connect')).toBe('ordered');
    // Both words common, side by side rarely: the planner walked a million notes for this.
    expect(choose('"thinking got"')).toBe('ordered');
  });

  it('looks a prefix up only when it is rarer than the words before it', () => {
    expect(choose('hang go')).toBe('ordered-words');
    expect(choose('great godf')).toBe('ordered');
  });

  it('leans to the index when filters lengthen the walk', () => {
    expect(choose('little ')).toBe('walk');
    expect(choose('little ', true)).toBe('ordered');
  });

  it('walks when nothing is typed, and a common word on a small table', () => {
    expect(choose('')).toBe('walk');
    expect(choose('know ', false, statistics(500))).toBe('walk');
  });
});
