/**
 * Timed words for formatter tests: "call john|0.2 on monday" is four words 0.3 s long, with
 * a 0.2 s pause before "on" (the number after | is the pause before the next word).
 */
import type { TranscriptWord } from '../../../src/transcription/transcriber.ts';
import { mapCasingSource } from '../../../src/transcripts/formatting/casing.ts';
import { formatWords, readableText } from '../../../src/transcripts/formatting/format-transcript.ts';

export function timedWords(spoken: string, start = 0): TranscriptWord[] {
  const words: TranscriptWord[] = [];
  let t = start;
  for (const token of spoken.split(' ').filter(Boolean)) {
    const [word, pause] = token.split('|');
    words.push({ word: word!, start: t, end: t + 0.3, confidence: 0.9 });
    t += 0.3 + Number(pause ?? 0);
  }
  return words;
}

/** A small fixed casing source, so the rules are tested without the word list. */
export const testCasing = mapCasingSource(
  new Map([
    ['monday', 'Monday'],
    ['london', 'London'],
    ['sarah', 'Sarah'],
    ['june', 'June'],
  ]),
);

export function format(spoken: string): string {
  return readableText(formatWords(timedWords(spoken), { casing: testCasing }));
}
