/**
 * The written case of one recognised word in its place: "I" and its contractions, the casing
 * source's names, and the months that are also common words ("may", "march", "august"), which
 * are months only beside a number or after "in", "of", "since" and the like ("in may", "the
 * third of may", "may twenty first"); "we may go" stays.
 */
import type { CasingSource } from './casing-source.ts';
import { isNumberWord } from './numbers.ts';

/** pocketsphinx's dictionary spells these (cmudict-en-us.dict). */
const FIRST_PERSON: Record<string, string> = {
  i: 'I',
  "i'm": "I'm",
  "i'll": "I'll",
  "i've": "I've",
  "i'd": "I'd",
};
const AMBIGUOUS_MONTHS: Record<string, string> = { may: 'May', march: 'March', august: 'August' };
const BEFORE_MONTH = new Set([
  'in',
  'of',
  'since',
  'until',
  'during',
  'early',
  'late',
  'mid',
  'last',
  'next',
  'this',
]);

export function casedWord(words: readonly string[], i: number, casing: CasingSource): string | undefined {
  const word = words[i]!;
  const firstPerson = FIRST_PERSON[word];
  if (firstPerson) return firstPerson;
  const month = AMBIGUOUS_MONTHS[word];
  if (month) {
    const previous = words[i - 1];
    const next = words[i + 1];
    const beside =
      (previous !== undefined && (isNumberWord(previous) || BEFORE_MONTH.has(previous))) ||
      (next !== undefined && isNumberWord(next));
    return beside ? month : undefined;
  }
  return casing.properForm(word);
}
