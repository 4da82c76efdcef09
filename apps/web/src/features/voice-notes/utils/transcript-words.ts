import type { TranscriptSegment, TranscriptWord } from '@voxpad/shared/voice-notes';
import { displayTokens } from './transcript-display.ts';

/** Recogniser filler tokens such as `<sil>`, `[NOISE]`, `<s>`: timing only, nothing said. */
const FILLER = /^(<[^>]*>|\[[^\]]*\])$/;

export function transcriptWords(segments: readonly TranscriptSegment[]): TranscriptWord[] {
  return segments
    .flatMap((segment) => segment.words)
    .filter((word) => word.word.trim() !== '' && !FILLER.test(word.word.trim()))
    .map((word) => ({ ...word, word: word.word.replace(/\(\d+\)$/, '') }))
    .sort((a, b) => a.start - b.start);
}

/**
 * Whether the timed words read as the transcript does (their display forms), as they do after
 * an edit (the server times edited words). Transcripts corrected before edits were timed kept
 * the engine's words: those are shown as plain text, never as words no longer in the transcript.
 */
export function wordsSayTranscript(words: readonly TranscriptWord[], transcript: string | null): boolean {
  const typed = (transcript ?? '').split(/\s+/).filter(Boolean);
  const shown = displayTokens(words);
  return typed.length === shown.length && typed.every((text, i) => text === shown[i]?.text);
}

/**
 * Index of the word being spoken at `time` (seconds): the last word that has started, as long as
 * we are not well past its end (a pause). -1 when none. `words` must be sorted by start.
 */
export function activeWordIndex(words: readonly TranscriptWord[], time: number, slackSeconds = 0.75): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const word = words[middle];
    if (word && word.start <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (found === -1) return -1;
  const word = words[found];
  return word && time <= word.end + slackSeconds ? found : -1;
}
