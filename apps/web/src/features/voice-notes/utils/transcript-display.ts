import type { TranscriptWord } from '@voxpad/shared/voice-notes';

/**
 * What a reader sees for one or more timed words: a display form ("Monday.", "$400") and the
 * words it stands for, `first` to `last` (indexes into the transcript's words).
 */
export interface DisplayToken {
  text: string;
  first: number;
  last: number;
  /** When its first word starts and its last word ends (seconds). */
  start: number;
  end: number;
  /** The least sure of its words: one misheard word makes the whole form uncertain. */
  confidence: number;
}

/** How a word reads: its display form, or the recognised word on notes made before formatting. */
export function displayText(word: TranscriptWord): string {
  return word.text ?? word.word;
}

/** Whether the words carry display forms (formatted by the server) rather than raw words only. */
export function isFormatted(words: readonly TranscriptWord[]): boolean {
  return words.some((word) => word.text !== undefined);
}

/**
 * The words as a reader sees them: one token per display form, the words with an empty form
 * ("hundred dollars" after "$400") folded into the token before (or, at the very start, the one
 * after). Every word belongs to exactly one token, in order.
 */
export function displayTokens(words: readonly TranscriptWord[]): DisplayToken[] {
  const tokens: DisplayToken[] = [];
  let leading: number | null = null;
  words.forEach((word, index) => {
    const text = displayText(word);
    const previous = tokens.at(-1);
    if (text === '') {
      if (previous) {
        previous.last = index;
        previous.end = Math.max(previous.end, word.end);
        previous.confidence = Math.min(previous.confidence, word.confidence);
      } else {
        leading ??= index;
      }
      return;
    }
    const first = leading ?? index;
    const folded = words.slice(first, index + 1);
    tokens.push({
      text,
      first,
      last: index,
      start: folded[0]!.start,
      end: word.end,
      confidence: Math.min(...folded.map((w) => w.confidence)),
    });
    leading = null;
  });
  return tokens;
}

/** Index of the token holding word `wordIndex`, -1 for none. */
export function tokenOfWord(tokens: readonly DisplayToken[], wordIndex: number): number {
  if (wordIndex < 0) return -1;
  return tokens.findIndex((token) => token.first <= wordIndex && wordIndex <= token.last);
}
