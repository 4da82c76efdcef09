/**
 * Where sentences end and commas go, from the pauses between words and the words either side.
 *
 * pocketsphinx reports a pause as the gap between one word's end and the next one's start
 * (its silences are dropped). Measured on its own output for the tuning notes of
 * bench/transcription/formatting.ts (flite voices slt, rms, awb): words inside a phrase touch
 * (gap 0.00 s); at a full stop or question mark the gap was 0.04-0.19 s, at a comma 0.03-0.19 s,
 * so a pause alone cannot tell them apart. A short pause therefore ends a sentence only when the
 * next word opens one: the speaker's own subject ("I", "we"), a question word, an auxiliary
 * before a subject ("is the"), or a word that opens sentences but also follows commas ("the",
 * "it", "that"), which was after a full stop at every pause of 0.04 s or more in those notes.
 * Inside a sentence that opens with "when", "if", "because" and the like, the first such pause
 * is a comma ("When I got home, the door was open"). A pause of SENTENCE_PAUSE or more ends a
 * sentence whatever follows (flite never paused that long inside one; the live endpointer cuts
 * an utterance at 0.25 s), unless the word before cannot end a sentence ("the", "to", "and":
 * the speaker stopped to think).
 */
import {
  AUXILIARIES,
  CANNOT_END,
  QUESTION_WORDS,
  STRONG_STARTERS,
  SUBJECTS,
  SUBORDINATORS,
  WEAK_STARTERS,
} from './vocabulary.ts';

/** Shortest gap counted as a pause: 3 frames of silence (pocketsphinx decodes 100 frames a second). */
export const MIN_PAUSE = 0.03;
/** A pause this long before a word that often, but not only, opens a sentence ("the", "it") ends one. */
export const WEAK_STARTER_PAUSE = 0.04;
/** A pause this long (seconds) ends a sentence whatever word follows. */
export const SENTENCE_PAUSE = 0.6;
/** A pause this long before a sentence starts a paragraph. */
export const PARAGRAPH_PAUSE = 2.5;

export type Break = '' | ',' | 'end';

/** Where the sentence that word `i` belongs to stands: its first word, and whether it has a comma. */
export interface SentenceSoFar {
  opener: string;
  hasComma: boolean;
}

/** What follows word `i` given the next word after a pause of `gap` seconds. */
export function breakAfter(words: readonly string[], i: number, gap: number, sentence: SentenceSoFar): Break {
  const word = words[i]!;
  const next = words[i + 1];
  if (next === undefined) return 'end';
  if (gap < MIN_PAUSE || CANNOT_END.has(word)) return '';
  if (gap >= SENTENCE_PAUSE) return 'end';
  const opens = opensSentence(next, words[i + 2]) || (gap >= WEAK_STARTER_PAUSE && WEAK_STARTERS.has(next));
  if (opens && !(SUBORDINATORS.has(sentence.opener) && !sentence.hasComma)) return 'end';
  return ',';
}

function opensSentence(word: string, following: string | undefined): boolean {
  if (STRONG_STARTERS.has(word) || QUESTION_WORDS.has(word)) return true;
  return AUXILIARIES.has(word) && following !== undefined && SUBJECTS.has(following);
}
