import { UNCERTAIN_WORD_CONFIDENCE } from '@voxpad/shared/voice-notes';
import type { DisplayToken } from './transcript-display.ts';

/**
 * Review mode's walk through the words the recogniser was unsure of (ADR 0037). Positions are
 * indexes into the transcript's display tokens (what a reader sees); words a person typed carry
 * full confidence, so a corrected word drops out of the walk by itself.
 */

/** Seconds of audio replayed before and after the word under review. */
export const REPLAY_MARGIN_SECONDS = 0.5;
/** The speed of "replay slower". */
export const SLOW_RATE = 0.6;

export function isUncertain(token: Pick<DisplayToken, 'confidence'>): boolean {
  return token.confidence < UNCERTAIN_WORD_CONFIDENCE;
}

/** Indexes of the uncertain tokens, in reading order. */
export function uncertainTokens(tokens: readonly DisplayToken[]): number[] {
  return tokens.flatMap((token, index) => (isUncertain(token) ? [index] : []));
}

/**
 * The uncertain token after (`1`) or before (`-1`) token `current` (-1: before the first word).
 * From a word that is no longer uncertain (just corrected) this is the next one on. Null when
 * there is none that way: the walk stops at either end rather than jumping round.
 */
export function stepUncertain(
  uncertain: readonly number[],
  current: number,
  direction: 1 | -1,
): number | null {
  if (direction === 1) return uncertain.find((index) => index > current) ?? null;
  return uncertain.findLast((index) => index < current) ?? null;
}

/** The stretch of audio to replay for a token: half a second either side, within the recording. */
export function replayWindow(
  token: Pick<DisplayToken, 'start' | 'end'>,
  duration: number | null = null,
): { from: number; to: number } {
  const from = Math.max(0, token.start - REPLAY_MARGIN_SECONDS);
  const after = token.end + REPLAY_MARGIN_SECONDS;
  return { from, to: duration !== null && duration > 0 ? Math.min(duration, after) : after };
}

/** What a screen reader hears on arriving at a word: "Word 3 of 12 uncertain: milk". */
export function reviewAnnouncement(uncertain: readonly number[], current: number, text: string): string {
  const position = uncertain.indexOf(current);
  if (position === -1) return `Corrected: ${text}`;
  return `Word ${position + 1} of ${uncertain.length} uncertain: ${text}`;
}

/**
 * The transcript with its `index`-th word (whitespace-separated, as the display tokens read it)
 * replaced by `text`; every other character, line breaks included, is kept. Null when the
 * transcript has no such word.
 */
export function replaceWord(transcript: string, index: number, text: string): string | null {
  let seen = 0;
  let result: string | null = null;
  transcript.replace(/\S+/g, (match, offset: number) => {
    if (seen++ === index)
      result = transcript.slice(0, offset) + text + transcript.slice(offset + match.length);
    return match;
  });
  return result;
}
