/**
 * A small personal n-gram language model from a person's own sentences, written in ARPA format:
 * interpolated absolute discounting (discount from the count-of-counts, Ney's estimate),
 * stored as backoff probabilities and weights as ARPA requires. Meant for thousands of sentences,
 * not millions: counting is in memory.
 */
import { dictionaryWords } from '../words.ts';

const START = '<s>';
const END = '</s>';
const SEPARATOR = ' ';

export interface ArpaModel {
  text: string;
  /** Entries per order, 1-grams first. */
  counts: number[];
}

export function buildArpa(sentences: readonly string[], order = 3): ArpaModel {
  if (order < 1) throw new RangeError('order must be at least 1');
  const ngrams = countNgrams(sentences, order);
  const discounts = ngrams.map(discountOf);
  const unigramTotal = sum(
    [...ngrams[0]!.entries()].filter(([word]) => word !== START).map(([, count]) => count),
  );
  const histories = ngrams.map(historyStats);

  const memo = new Map<string, number>();
  /** p(word | history) at `history.length + 1`-gram order, interpolated down to unigrams. */
  const probability = (history: readonly string[], word: string): number => {
    const key = `${history.join(SEPARATOR)}|${word}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let value: number;
    if (history.length === 0) {
      value = word === START ? 0 : (ngrams[0]!.get(word) ?? 0) / unigramTotal;
    } else {
      const lower = probability(history.slice(1), word);
      const stats = histories[history.length]!.get(history.join(SEPARATOR));
      if (!stats) {
        value = lower;
      } else {
        const discount = discounts[history.length]!;
        const count = ngrams[history.length]!.get([...history, word].join(SEPARATOR)) ?? 0;
        value =
          Math.max(count - discount, 0) / stats.total + ((discount * stats.types) / stats.total) * lower;
      }
    }
    memo.set(key, value);
    return value;
  };

  const sections: string[] = [];
  const sizes: number[] = [];
  for (let n = 1; n <= order; n++) {
    const lines: string[] = [];
    for (const key of [...ngrams[n - 1]!.keys()].sort()) {
      const words = key.split(SEPARATOR);
      const word = words[words.length - 1]!;
      const p = n === 1 && word === START ? -99 : Math.log10(probability(words.slice(0, -1), word));
      const backoff = n < order ? backoffWeight(words) : undefined;
      lines.push(`${p.toFixed(6)}\t${key}${backoff === undefined ? '' : `\t${backoff.toFixed(6)}`}`);
    }
    sizes.push(lines.length);
    sections.push(`\\${n}-grams:\n${lines.join('\n')}\n`);
  }
  const header = `\\data\\\n${sizes.map((size, i) => `ngram ${i + 1}=${size}`).join('\n')}\n`;
  return { text: `${header}\n${sections.join('\n')}\n\\end\\\n`, counts: sizes };

  /** Mass left for unseen followers of `history`, over the lower order's mass for them. */
  function backoffWeight(history: readonly string[]): number | undefined {
    const stats = histories[history.length]!.get(history.join(SEPARATOR));
    if (!stats) return undefined;
    let seen = 0;
    let seenLower = 0;
    for (const word of stats.followers) {
      seen += probability(history, word);
      seenLower += probability(history.slice(1), word);
    }
    const left = 1 - seen;
    const leftLower = 1 - seenLower;
    if (left <= 1e-12 || leftLower <= 1e-12) return -99;
    return Math.log10(left / leftLower);
  }
}

/** ngrams[n - 1] maps "w1 w2 ... wn" to its count, sentences padded with <s> and </s>. */
function countNgrams(sentences: readonly string[], order: number): Array<Map<string, number>> {
  const ngrams = Array.from({ length: order }, () => new Map<string, number>());
  for (const sentence of sentences) {
    const words = dictionaryWords(sentence);
    if (words.length === 0) continue;
    const tokens = [START, ...words, END];
    for (let n = 1; n <= order; n++) {
      for (let i = 0; i + n <= tokens.length; i++) {
        const key = tokens.slice(i, i + n).join(SEPARATOR);
        ngrams[n - 1]!.set(key, (ngrams[n - 1]!.get(key) ?? 0) + 1);
      }
    }
  }
  return ngrams;
}

interface HistoryStats {
  total: number;
  types: number;
  followers: string[];
}

/**
 * For the n-grams of one order: per history (their first n - 1 words), how many times it was
 * followed by anything, by how many different words, and which. Index n holds n-word histories.
 */
function historyStats(counts: Map<string, number>, index: number): Map<string, HistoryStats> {
  const stats = new Map<string, HistoryStats>();
  if (index === 0) return stats;
  for (const [key, count] of counts) {
    const words = key.split(SEPARATOR);
    const history = words.slice(0, -1).join(SEPARATOR);
    const entry = stats.get(history) ?? { total: 0, types: 0, followers: [] };
    entry.total += count;
    entry.types += 1;
    entry.followers.push(words[words.length - 1]!);
    stats.set(history, entry);
  }
  return stats;
}

/** Ney's D = n1 / (n1 + 2 n2), kept inside [0.1, 0.9] for tiny data. */
function discountOf(counts: Map<string, number>): number {
  let once = 0;
  let twice = 0;
  for (const count of counts.values()) {
    if (count === 1) once++;
    else if (count === 2) twice++;
  }
  const estimate = once + twice === 0 ? 0.5 : once / (once + 2 * twice);
  return Math.min(0.9, Math.max(0.1, estimate));
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
