import { describe, expect, it } from 'vitest';

import { mapCasingSource } from '../../../src/transcripts/formatting/casing.ts';
import { formatWords, readableText } from '../../../src/transcripts/formatting/format-transcript.ts';
import { keepsSmallFirstLetter, ownCasing } from '../../../src/transcripts/formatting/own-casing.ts';
import { format, testCasing, timedWords } from './words.ts';

/** A person's own words come from the decoder as they write them (ADR 0040). */
describe('words with their own capitals', () => {
  it('keeps a vocabulary word as written inside a sentence', () => {
    expect(format('please ask Zarvokin about the meeting')).toBe('Please ask Zarvokin about the meeting.');
    expect(format('we moved the data to PostgreSQL last june')).toBe(
      'We moved the data to PostgreSQL last June.',
    );
    expect(format('my iPhone is broken')).toBe('My iPhone is broken.');
    expect(format('we walked round Tarn Hows with sarah')).toBe('We walked round Tarn Hows with Sarah.');
  });

  it('keeps a spelling with a small first letter and a capital after it where a sentence starts', () => {
    expect(format('iPhone sales rose')).toBe('iPhone sales rose.');
    expect(format('McAllister called')).toBe('McAllister called.');
  });

  it('wins over the casing source', () => {
    // The word list would write "Bill"; the person writes "BILL" (their team's name for it).
    const casing = mapCasingSource(new Map([['bill', 'Bill']]));
    expect(readableText(formatWords(timedWords('ask BILL and bill'), { casing }))).toBe('Ask BILL and Bill.');
  });

  it('keeps the recognised word and only changes how it reads', () => {
    const [, word] = formatWords(timedWords('ask Zarvokin'), { casing: testCasing });
    expect(word).toMatchObject({ word: 'Zarvokin', text: 'Zarvokin.' });
  });

  it('tells own spellings from lower-case words', () => {
    expect(ownCasing('zarvokin')).toBeUndefined();
    expect(ownCasing("o'brien")).toBeUndefined();
    expect(ownCasing('Zarvokin')).toBe('Zarvokin');
    expect(keepsSmallFirstLetter('iPhone')).toBe(true);
    expect(keepsSmallFirstLetter('eBay')).toBe(true);
    expect(keepsSmallFirstLetter('kubectl')).toBe(false);
    expect(keepsSmallFirstLetter('McAllister')).toBe(false);
    expect(keepsSmallFirstLetter("it's")).toBe(false);
  });
});
