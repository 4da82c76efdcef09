/**
 * The transcript of a shared range: the words whose middle falls in [start, end), with their
 * times moved so the range starts at 0, as the cut audio does. Segments without a word in the
 * range are left out; each kept segment's text is the readable text of its kept words, and it
 * keeps its speaker.
 */
import type { TranscriptSegment, TranscriptWord } from '@voxpad/shared/voice-notes';

export interface CutTranscript {
  text: string;
  segments: TranscriptSegment[];
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function transcriptBetween(
  segments: readonly TranscriptSegment[],
  start: number,
  end: number,
): CutTranscript {
  const length = end - start;
  const rebase = (seconds: number) => round(Math.min(length, Math.max(0, seconds - start)));
  const kept: TranscriptSegment[] = [];
  for (const segment of segments) {
    const words: TranscriptWord[] = segment.words
      .filter((word) => {
        const middle = (word.start + word.end) / 2;
        return middle >= start && middle < end;
      })
      .map((word) => ({ ...word, start: rebase(word.start), end: rebase(word.end) }));
    if (words.length === 0) continue;
    kept.push({
      start: words[0]!.start,
      end: words.at(-1)!.end,
      text: readable(words),
      words,
      ...(segment.speaker === undefined ? {} : { speaker: segment.speaker }),
    });
  }
  return { text: kept.map((segment) => segment.text).join(' '), segments: kept };
}

/** A display form can stand for several words: the first carries it, the others have "". */
function readable(words: readonly TranscriptWord[]): string {
  return words
    .map((word) => word.text ?? word.word)
    .filter((text) => text !== '')
    .join(' ');
}
