import type { TranscriptSegment } from '@voxpad/shared/voice-notes';

/** A word's place as the speaker endpoints count it: its segment, and its index in that segment. */
export interface WordPlace {
  segment: number;
  word: number;
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/**
 * Where a shown word (timed, as `transcriptWords` gives it) sits in the note's segments. The
 * server counts every word of a segment, fillers such as `<sil>` too, so the shown index is no
 * use: the word is found by its times.
 */
export function placeOfWord(
  segments: readonly TranscriptSegment[],
  shown: { start: number; end: number },
): WordPlace | null {
  for (let s = 0; s < segments.length; s++) {
    const words = segments[s]!.words;
    for (let w = 0; w < words.length; w++) {
      if (same(words[w]!.start, shown.start) && same(words[w]!.end, shown.end))
        return { segment: s, word: w };
    }
  }
  return null;
}

/**
 * The note-wide word indexes (segments in order, every word counted) of the words whose middle
 * lies in `span` (seconds), as `{from, to}` for a reassignment; null when no word does.
 */
export function noteWordRange(
  segments: readonly TranscriptSegment[],
  span: { start: number; end: number },
): { from: number; to: number } | null {
  let from = -1;
  let to = -1;
  let index = 0;
  for (const segment of segments) {
    for (const word of segment.words) {
      const middle = (word.start + word.end) / 2;
      if (middle >= span.start && middle <= span.end) {
        if (from < 0) from = index;
        to = index;
      }
      index++;
    }
  }
  return from < 0 ? null : { from, to };
}
