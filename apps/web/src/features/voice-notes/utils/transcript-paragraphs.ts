import type { TranscriptWord } from '@voxpad/shared/voice-notes';

/** A silence at least this long (seconds) starts a new paragraph: the speaker moved on. */
export const PARAGRAPH_PAUSE_SECONDS = 1.5;
/** Speech without such a pause is still broken up: at a sentence end once this long... */
export const PARAGRAPH_SOFT_WORDS = 40;
/** ...and anywhere once this long, so no paragraph becomes a wall of text. */
export const PARAGRAPH_MAX_WORDS = 60;

export interface TranscriptParagraph {
  /** When the paragraph's first word is said (seconds). */
  start: number;
  /** Index of its first word in the whole transcript's words. */
  first: number;
  words: TranscriptWord[];
}

const SENTENCE_END = /[.!?]["')\]]*$/;

/**
 * Lays timed words out in paragraphs: a new one at a pause, or after a long run of speech
 * (at a sentence end when there is one). `words` must be sorted by start.
 */
export function transcriptParagraphs(words: readonly TranscriptWord[]): TranscriptParagraph[] {
  const paragraphs: TranscriptParagraph[] = [];
  let current: TranscriptParagraph | undefined;
  words.forEach((word, index) => {
    const previous = words[index - 1];
    const count = current?.words.length ?? 0;
    const breakHere =
      current === undefined ||
      (previous !== undefined && word.start - previous.end >= PARAGRAPH_PAUSE_SECONDS) ||
      count >= PARAGRAPH_MAX_WORDS ||
      (count >= PARAGRAPH_SOFT_WORDS && previous !== undefined && SENTENCE_END.test(previous.word));
    if (breakHere) {
      current = { start: word.start, first: index, words: [] };
      paragraphs.push(current);
    }
    current!.words.push(word);
  });
  return paragraphs;
}
