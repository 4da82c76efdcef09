/**
 * Which of a person's reviewed notes the gain is measured on (ADR 0043): every fifth note that
 * has audio and words, spread over time like the held-out text of the LM weight (ADR 0038), as
 * many as fit in the audio budget; at least one (the newest that fits) once there are enough
 * notes. The others are what the measured model learns from. Deterministic: the same notes give
 * the same split.
 */
import { dictionaryWords } from '../words.ts';
import type { LearnableNote } from '../builder/learnable-source.ts';

export interface HeldOutRules {
  /** Reviewed notes with audio and words needed before anything is held out. */
  minNotes: number;
  /** Audio held out at most, in seconds: each is decoded twice (stock and personal). */
  maxSeconds: number;
}

export interface HeldOutSplit<T> {
  heldOut: T[];
  training: T[];
}

const EVERY = 5;

/** The split, or undefined when there are too few notes or none fits the budget. */
export function splitHeldOut<T extends Pick<LearnableNote, 'spoken' | 'durationSeconds'>>(
  notes: readonly T[],
  rules: HeldOutRules,
): HeldOutSplit<T> | undefined {
  const measurable = notes.filter(
    (note) => note.durationSeconds > 0 && dictionaryWords(note.spoken).length > 0,
  );
  // At least one note stays to learn from, whatever minNotes says.
  if (measurable.length < Math.max(2, rules.minNotes)) return undefined;
  const chosen = new Set<T>();
  let seconds = 0;
  const take = (note: T): void => {
    chosen.add(note);
    seconds += note.durationSeconds;
  };
  measurable.forEach((note, i) => {
    if (i % EVERY === EVERY - 1 && seconds + note.durationSeconds <= rules.maxSeconds) take(note);
  });
  if (chosen.size === 0) {
    const newest = measurable.findLast((note) => note.durationSeconds <= rules.maxSeconds);
    if (newest === undefined) return undefined;
    take(newest);
  }
  return {
    heldOut: measurable.filter((note) => chosen.has(note)),
    training: notes.filter((note) => !chosen.has(note)),
  };
}
