import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import { displayTokens, isFormatted, type DisplayToken } from './transcript-display.ts';

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
  /** What it reads, in order; each token names the words it stands for. */
  tokens: DisplayToken[];
}

const SENTENCE_END = /[.!?]["')\]]*$/;

/**
 * Where the transcript's text starts its paragraphs (blank lines), as indexes into `tokens`;
 * null when the text does not read as the tokens do (edited without timing, or no text).
 */
function textParagraphStarts(tokens: readonly DisplayToken[], transcript: string | null): Set<number> | null {
  if (!transcript) return null;
  const paragraphs = transcript
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split(/\s+/).filter(Boolean))
    .filter((paragraph) => paragraph.length > 0);
  const typed = paragraphs.flat();
  if (typed.length !== tokens.length || typed.some((text, i) => text !== tokens[i]?.text)) return null;
  const starts = new Set<number>();
  let at = 0;
  for (const paragraph of paragraphs) {
    starts.add(at);
    at += paragraph.length;
  }
  return starts;
}

/**
 * Lays timed words out in paragraphs of what they read. A formatted transcript (words with
 * display forms) keeps the paragraphs of its text (blank lines); other words start one at a
 * pause. Either way a long run of speech is broken up (at a sentence end when there is one).
 * `words` must be sorted by start.
 */
export function transcriptParagraphs(
  words: readonly TranscriptWord[],
  transcript: string | null = null,
): TranscriptParagraph[] {
  const tokens = displayTokens(words);
  const textStarts = isFormatted(words) ? textParagraphStarts(tokens, transcript) : null;
  const paragraphs: TranscriptParagraph[] = [];
  let current: TranscriptParagraph | undefined;
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    const count = current?.tokens.length ?? 0;
    const saysSo = textStarts
      ? textStarts.has(index)
      : previous !== undefined && token.start - previous.end >= PARAGRAPH_PAUSE_SECONDS;
    const breakHere =
      current === undefined ||
      saysSo ||
      count >= PARAGRAPH_MAX_WORDS ||
      (count >= PARAGRAPH_SOFT_WORDS && previous !== undefined && SENTENCE_END.test(previous.text));
    if (breakHere) {
      current = { start: token.start, first: token.first, tokens: [] };
      paragraphs.push(current);
    }
    current!.tokens.push(token);
  });
  return paragraphs;
}
