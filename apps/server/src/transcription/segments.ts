/**
 * Groups recognised words into caption-sized segments. A pause is the natural
 * place to break (it is where the speaker paused for breath or thought); a word
 * cap keeps a long unbroken stretch from becoming one unreadable block.
 */
import type { TranscriptSegment, TranscriptWord } from './transcriber.ts';

export interface SegmentationOptions {
  /** Start a new segment when words are at least this far apart. Default 0.5 s. */
  minPauseSeconds?: number;
  /** Start a new segment after this many words. Default 15. */
  maxWords?: number;
}

export function groupIntoSegments(
  words: readonly TranscriptWord[],
  { minPauseSeconds = 0.5, maxWords = 15 }: SegmentationOptions = {},
): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let current: TranscriptWord[] = [];
  for (const word of words) {
    const previous = current.at(-1);
    if (previous && (word.start - previous.end >= minPauseSeconds || current.length >= maxWords)) {
      segments.push(toSegment(current));
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) segments.push(toSegment(current));
  return segments;
}

function toSegment(words: TranscriptWord[]): TranscriptSegment {
  return {
    start: words[0]!.start,
    end: words.at(-1)!.end,
    text: words.map((w) => w.word).join(' '),
    words,
  };
}
