/** Which notes a build's gain is measured on (ADR 0043), and the word error count it uses. */
import { describe, expect, it } from 'vitest';

import { splitHeldOut } from '../../src/adaptation/gain/held-out.ts';
import { wordErrorRate, wordErrors } from '../../src/transcription/word-errors.ts';

const note = (id: number, durationSeconds = 10, spoken = `note number ${id}`) => ({
  id,
  spoken,
  durationSeconds,
});
const ids = (notes: ReadonlyArray<{ id: number }>) => notes.map((n) => n.id);
const RULES = { minNotes: 3, maxSeconds: 120 };

describe('held-out notes', () => {
  it('holds nothing out below the minimum of notes with a recording and words', () => {
    expect(splitHeldOut([note(0), note(1)], RULES)).toBeUndefined();
    // A note without a recording or without words does not count.
    expect(splitHeldOut([note(0), note(1), note(2, 0), note(3, 10, '  42 ')], RULES)).toBeUndefined();
  });

  it('holds out the newest note when no fifth note exists yet, and learns from the rest', () => {
    const split = splitHeldOut([note(0), note(1), note(2)], RULES);
    expect(ids(split?.heldOut ?? [])).toEqual([2]);
    expect(ids(split?.training ?? [])).toEqual([0, 1]);
  });

  it('holds out every fifth note, as many as fit in the audio budget, the same way every time', () => {
    const notes = Array.from({ length: 20 }, (_, i) => note(i, 50));
    const split = splitHeldOut(notes, RULES);
    // 4, 9, 14, 19 are every fifth; 2 x 50 s fit in 120 s.
    expect(ids(split?.heldOut ?? [])).toEqual([4, 9]);
    expect(split?.training).toHaveLength(18);
    expect(splitHeldOut(notes, RULES)).toEqual(split);
  });

  it('skips a note longer than the budget, and holds out nothing when none fits', () => {
    const notes = [note(0), note(1), note(2), note(3), note(4, 300), note(5), note(6, 200)];
    expect(ids(splitHeldOut(notes, RULES)?.heldOut ?? [])).toEqual([5]);
    expect(splitHeldOut([note(0, 200), note(1, 300), note(2, 500)], RULES)).toBeUndefined();
  });
});

describe('word errors', () => {
  it('counts substitutions, insertions and deletions against the words said', () => {
    expect(wordErrors(['ask', 'zarvokin', 'now'], ['ask', 'zar', 'vote', 'now'])).toEqual({
      errors: 2,
      words: 3,
    });
    expect(wordErrors(['a', 'b'], [])).toEqual({ errors: 2, words: 2 });
    expect(
      wordErrorRate([
        { errors: 1, words: 4 },
        { errors: 2, words: 6 },
      ]),
    ).toBe(0.3);
    expect(wordErrorRate([])).toBe(0);
  });
});
