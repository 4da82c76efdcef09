/**
 * Word error rate, the one implementation (the benches and the adaptation gain both count with
 * it): the word-level edit distance (substitutions, insertions and deletions) between what was
 * said and what was recognised, over the number of words said.
 */
export interface WordErrors {
  /** Substituted, inserted and deleted words. */
  errors: number;
  /** Words in the reference. */
  words: number;
}

export function wordErrors(reference: readonly string[], hypothesis: readonly string[]): WordErrors {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return { errors: previous[hypothesis.length]!, words: reference.length };
}

/** Errors over words said, pooled over several recordings (0 when nothing was said). */
export function wordErrorRate(counts: readonly WordErrors[]): number {
  const words = counts.reduce((total, c) => total + c.words, 0);
  const errors = counts.reduce((total, c) => total + c.errors, 0);
  return words === 0 ? 0 : errors / words;
}
