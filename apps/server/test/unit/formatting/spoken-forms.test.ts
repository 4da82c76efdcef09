import { describe, expect, it } from 'vitest';

import { comparableWords, spokenForms } from '../../../src/transcripts/formatting/spoken-forms.ts';
import { format } from './words.ts';

describe('spokenForms', () => {
  it.each([
    ['It costs $400.', 'it costs four hundred dollars'],
    ['He paid $75.50, then $3.', 'he paid seventy five dollars and fifty cents then three dollars'],
    ['Up 12 % (or 1.5%).', 'up twelve percent or one point five percent'],
    ['At 9:30, 3:00 or 7:05 p.m.', "at nine thirty three o'clock or seven oh five p m"],
    ['The 21st, 3rd and 12th.', 'the twenty first third and twelfth'],
    ['In 2026, 1990 and 2005.', 'in twenty twenty six nineteen ninety and two thousand and five'],
    ['12,500 people', 'twelve thousand five hundred people'],
    ['$1500 or 1500 %', 'one thousand five hundred dollars or one thousand five hundred percent'],
    ["I'm \"sure\" it's Sarah's.", "i'm sure it's sarah's"],
  ])('%s -> %s', (text, spoken) => {
    expect(spokenForms(text)).toBe(spoken);
  });

  it('compares a number however it was said or written', () => {
    expect(comparableWords('built in 2026')).toEqual(comparableWords('built in two thousand and twenty six'));
    expect(comparableWords('at 3 p.m.')).toEqual(comparableWords('at three pm'));
    expect(comparableWords('on the twenty-first')).toEqual(comparableWords('on the 21st'));
  });

  it.each([
    'call sarah on monday|0.06 is the report ready|0.05 i think so|0.04 but i am not sure',
    'it costs four hundred dollars and fifty cents|0.1 we met on the twenty first of march',
    'the rate is one point five percent|0.7 the shop opens at nine thirty p m',
    "she was born in nineteen ninety|0.7 the train leaves at seven o'clock",
    'it was built in two thousand and twenty six by twelve thousand five hundred people',
  ])('formatting keeps the words: %s', (spoken) => {
    const said = spoken.replace(/\|[\d.]+/g, '');
    expect(comparableWords(format(spoken))).toEqual(comparableWords(said));
  });
});
