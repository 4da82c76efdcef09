import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ordinalSuffix } from '../../../src/transcripts/formatting/numbers.ts';
import { spellNumber, spellOrdinal, spellYear } from '../../../src/transcripts/formatting/spell-number.ts';
import { comparableWords, spokenForms } from '../../../src/transcripts/formatting/spoken-forms.ts';
import { format } from './words.ts';

const figure = (n: number) => (n < 10_000 ? String(n) : n.toLocaleString('en-US'));

describe('numbers, both ways, for any value', () => {
  it('reads every spelt amount of money into figures and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        const said = `it costs ${spellNumber(n).join(' ')} dollars`;
        const written = format(said);
        expect(written).toBe(`It costs $${figure(n)}.`);
        expect(spokenForms(written)).toBe(said);
      }),
    );
  });

  it('reads every ordinal from ten up into figures and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 99_999 }), (n) => {
        const said = `the ${spellOrdinal(n).join(' ')} time`;
        const written = format(said);
        expect(written).toBe(`The ${n}${ordinalSuffix(n)} time.`);
        expect(comparableWords(written)).toEqual(comparableWords(said));
      }),
    );
  });

  it('reads every year said in pairs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1100, max: 2099 }), (year) => {
        const said = `built in ${spellYear(year).join(' ')}`;
        const written = format(said);
        expect(written).toBe(`Built in ${year}.`);
        expect(spokenForms(written)).toBe(said);
      }),
    );
  });
});
