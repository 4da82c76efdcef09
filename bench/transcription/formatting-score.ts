/**
 * Scores for the formatting bench: token accuracy with case and punctuation, sentence
 * boundaries lined up through a word alignment, and plain word errors.
 */
import { comparableWords } from '../../apps/server/src/transcripts/formatting/spoken-forms.ts';

/** Edit distance over tokens, and for each hypothesis position the reference position it lines up with. */
export function align(ref: readonly string[], hyp: readonly string[]): { errors: number; refAt: number[] } {
  const rows = ref.length + 1;
  const cols = hyp.length + 1;
  const cost = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      cost[i]![j] = Math.min(
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
        cost[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
    }
  }
  // Walk back: refAt[j] = reference words consumed when j hypothesis words are.
  const refAt = new Array<number>(cols).fill(Number.POSITIVE_INFINITY);
  let i = ref.length;
  let j = hyp.length;
  refAt[j] = i;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1)) {
      i--;
      j--;
    } else if (j > 0 && cost[i]![j] === cost[i]![j - 1]! + 1) {
      j--;
    } else {
      i--;
    }
    refAt[j] = Math.min(refAt[j]!, i);
  }
  return { errors: cost[ref.length]![hyp.length]!, refAt };
}

export const tokens = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** Positions (in comparable words) after which a sentence ends, the last one left out. */
export function boundaries(sentences: readonly string[]): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (const sentence of sentences.slice(0, -1)) {
    at += comparableWords(sentence).length;
    out.add(at);
  }
  return out;
}

/** A formatted text cut into sentences ("3 p.m. on Sunday" does not end at "p.m."). */
export function splitSentences(text: string): string[] {
  const words = tokens(text);
  const sentences: string[] = [];
  let current: string[] = [];
  words.forEach((word, i) => {
    current.push(word);
    const next = words[i + 1];
    const ends =
      /[?!]$/.test(word) ||
      (/\.$/.test(word) && (!/^[ap]\.m\.$/.test(word) || next === undefined || /^[A-Z]/.test(next)));
    if (ends) {
      sentences.push(current.join(' '));
      current = [];
    }
  });
  if (current.length > 0) sentences.push(current.join(' '));
  return sentences;
}

export interface Tally {
  tokens: number;
  before: number;
  after: number;
  words: number;
  plainBefore: number;
  plainAfter: number;
  truePositives: number;
  predicted: number;
  actual: number;
}

export const emptyTally = (): Tally => ({
  tokens: 0,
  before: 0,
  after: 0,
  words: 0,
  plainBefore: 0,
  plainAfter: 0,
  truePositives: 0,
  predicted: 0,
  actual: 0,
});

/** Sentence boundaries one recording got wrong, as positions in its reference's comparable words. */
export interface BoundaryErrors {
  /** Reference ends the formatted text does not have. */
  missed: number[];
  /** Ends in the formatted text the reference does not have. */
  spurious: number[];
}

/**
 * Adds one recording: its reference sentences, the raw recognised words and the formatted text.
 * Returns the boundaries it got wrong (BENCH_VERBOSE=errors prints them).
 */
export function score(
  tally: Tally,
  reference: readonly string[],
  raw: string,
  formatted: string,
): BoundaryErrors {
  const refTokens = tokens(reference.join(' '));
  tally.tokens += refTokens.length;
  tally.before += align(refTokens, tokens(raw)).errors;
  tally.after += align(refTokens, tokens(formatted)).errors;

  const refWords = comparableWords(reference.join(' '));
  const afterWords = comparableWords(formatted);
  tally.words += refWords.length;
  tally.plainBefore += align(refWords, comparableWords(raw)).errors;
  const { errors, refAt } = align(refWords, afterWords);
  tally.plainAfter += errors;

  const actual = boundaries(reference);
  const predicted = [...boundaries(splitSentences(formatted))].map((j) => refAt[j]!);
  tally.actual += actual.size;
  tally.predicted += predicted.length;
  tally.truePositives += predicted.filter((p) => actual.has(p)).length;
  return {
    missed: [...actual].filter((p) => !predicted.includes(p)),
    spurious: predicted.filter((p) => !actual.has(p)),
  };
}

/** "... the back seat | it was ..." around reference position `at` (a boundary after word at-1). */
export function boundaryContext(reference: readonly string[], at: number, width = 4): string {
  const words = comparableWords(reference.join(' '));
  return `${words.slice(Math.max(0, at - width), at).join(' ')} | ${words.slice(at, at + width).join(' ')}`;
}
