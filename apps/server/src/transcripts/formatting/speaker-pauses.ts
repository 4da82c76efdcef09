/**
 * How long a pause must be to end a sentence, for the speaker of one note.
 *
 * flite, which the tuning notes are read by, pauses almost only where the text has a stop or a
 * comma, and briefly: 0.00-0.23 s at a full stop, so from PAUSE_ENDS (0.04 s) a pause ends a
 * sentence. People reading or dictating also pause inside sentences (0.04-0.15 s in the
 * LibriVox clips of the formatting bench's real-speech set) and much longer between them
 * (0.4-0.7 s there). So the threshold follows the note's own pauses: a fraction of its long
 * ones (an upper percentile of its pauses of MIN_PAUSE or more), never below PAUSE_ENDS and
 * never above LONGEST_THRESHOLD. A note with one or two pauses gets about PAUSE_ENDS: its
 * pauses cannot be told apart from each other, and each one is taken as the end it usually is.
 */
import { MIN_PAUSE, PAUSE_ENDS } from './sentences.ts';

/** Which of a note's pauses stands for its long ones (0.75: the upper quartile). */
export const LONG_PAUSE_PERCENTILE = 0.75;
/**
 * The share of that long pause from which a pause before a word that does not carry the
 * sentence on ends it. Tuning notes (204 sentences, ends right / placed of 414): 0 (a fixed
 * 0.04 s) 352 / 365, F1 0.904; 0.25 the same; 0.30 351 / 364; 0.33 350 / 363; 0.5 (and the
 * median instead of the upper quartile) 338 / 351, F1 0.884. 0.25 is the largest share that
 * changed no end there. On the real-speech guard set it puts the threshold at 0.12 s, above the
 * reader's pauses inside sentences (0.04-0.09 s before words that do not carry on) and far
 * below those between them (0.43-0.67 s).
 */
export const SHARE_OF_LONG_PAUSE = 0.25;
/**
 * The threshold never rises above the live endpointer's cut (0.25 s of silence ends an
 * utterance): a pause that long is an end for anyone.
 */
export const LONGEST_THRESHOLD = 0.25;

/** `gaps`: the note's gaps between words (seconds, less the usual gap), in any order. */
export function pauseThatEnds(gaps: readonly number[]): number {
  const pauses = gaps.filter((gap) => gap >= MIN_PAUSE).sort((a, b) => a - b);
  if (pauses.length === 0) return PAUSE_ENDS;
  const long = pauses[Math.min(pauses.length - 1, Math.floor(LONG_PAUSE_PERCENTILE * pauses.length))]!;
  return Math.min(LONGEST_THRESHOLD, Math.max(PAUSE_ENDS, SHARE_OF_LONG_PAUSE * long));
}
