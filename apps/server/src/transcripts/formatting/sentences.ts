/**
 * Where sentences end and commas go, from the pauses between words and the words either side.
 *
 * pocketsphinx reports a pause as the gap between one word's end and the next one's start
 * (its silences are dropped). Measured on its own output (bench/transcription/formatting.ts):
 * words inside a phrase touch (gap 0.00 s); flite's synthetic voices pause 0.05-0.20 s at a
 * full stop or question mark and 0.04-0.08 s at a comma; pocketsphinx's read audiobook clips
 * show 0.04-0.09 s at a comma. A pause alone cannot tell a sentence end from a comma, so a
 * short pause ends a sentence only when the next word opens one ("I", "we", "where", "is
 * the"); a pause as long as SENTENCE_PAUSE ends one whatever follows, unless the word before
 * cannot end a sentence ("the", "to", "and": the speaker stopped to think).
 */
import {
  AUXILIARIES,
  CANNOT_END,
  QUESTION_WORDS,
  STRONG_STARTERS,
  SUBJECTS,
  WEAK_STARTERS,
} from './vocabulary.ts';

/** Shortest gap counted as a pause: 3 frames of silence (pocketsphinx decodes 100 frames a second). */
export const MIN_PAUSE = 0.03;
/** A pause this long before a word that often, but not only, opens a sentence ("the", "it") ends one. */
export const WEAK_STARTER_PAUSE = 0.09;
/** A pause this long (seconds) ends a sentence whatever word follows. */
export const SENTENCE_PAUSE = 0.6;
/** A pause this long before a sentence starts a paragraph. */
export const PARAGRAPH_PAUSE = 2.5;

export type Break = '' | ',' | 'end';

/** What follows word `i` given the next word after a pause of `gap` seconds. */
export function breakAfter(words: readonly string[], i: number, gap: number): Break {
  const word = words[i]!;
  const next = words[i + 1];
  if (next === undefined) return 'end';
  if (gap < MIN_PAUSE || CANNOT_END.has(word)) return '';
  if (gap >= SENTENCE_PAUSE) return 'end';
  if (opensSentence(next, words[i + 2])) return 'end';
  if (gap >= WEAK_STARTER_PAUSE && WEAK_STARTERS.has(next)) return 'end';
  return ',';
}

function opensSentence(word: string, following: string | undefined): boolean {
  if (STRONG_STARTERS.has(word) || QUESTION_WORDS.has(word)) return true;
  return AUXILIARIES.has(word) && following !== undefined && SUBJECTS.has(following);
}
