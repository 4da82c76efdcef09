/**
 * A back-off n-gram model (order 1-3) held in typed arrays, as the stock trie reader and the ARPA
 * reader give it and the mix and the ARPA writer take it (ADR 0040, session 17). One entry per
 * n-gram, no object and no string key per n-gram: the stock model has 3.7 million of them.
 *
 * Word ids are below 2^17, so an n-gram packs exactly into one float64 key (< 2^51). The key puts
 * the **newest word first**: w3·2^34 + w2·2^17 + w1 for the trigram "w1 w2 w3", w2·2^17 + w1 for
 * "w1 w2". That is the order of sphinxbase's trie (predicted word, then its history backwards),
 * so the stock model's n-grams come out of the file already sorted by key.
 */

export const WORD_BITS = 17;
export const MAX_WORDS = 2 ** WORD_BITS;
const SHIFT = 2 ** WORD_BITS;

/** The words of a model, and of models that share its ids (the mix appends new words). */
export class Vocabulary {
  readonly words: string[] = [];
  readonly #ids = new Map<string, number>();

  /** The id of `word`, added at the end if new. */
  add(word: string): number {
    const known = this.#ids.get(word);
    if (known !== undefined) return known;
    if (this.words.length >= MAX_WORDS) {
      throw new RangeError(`A language model may hold at most ${MAX_WORDS} words.`);
    }
    this.words.push(word);
    this.#ids.set(word, this.words.length - 1);
    return this.words.length - 1;
  }

  id(word: string): number | undefined {
    return this.#ids.get(word);
  }

  get size(): number {
    return this.words.length;
  }
}

/** The n-grams of one order > 1, sorted by key; log10 probabilities and back-off weights. */
export interface NgramTable {
  keys: Float64Array;
  probs: Float32Array;
  /** Absent for the model's highest order. */
  backoffs?: Float32Array;
}

export interface NgramModel {
  vocabulary: Vocabulary;
  order: number;
  /**
   * log10 p(w) and back-off weight by word id. A word of the vocabulary this model lacks (the ids
   * the mix added after it was read, or NaN here) has probability 0 in it.
   */
  unigramProbs: Float32Array;
  unigramBackoffs: Float32Array;
  /** tables[0] holds bigrams, tables[1] trigrams. */
  tables: NgramTable[];
}

/** The key of the n-gram `words` (oldest word first, as written in ARPA). */
export function ngramKey(words: ArrayLike<number>): number {
  let key = 0;
  for (let i = 0; i < words.length; i++) key += words[i]! * SHIFT ** i;
  return key;
}

export function bigramKey(w1: number, w2: number): number {
  return w2 * SHIFT + w1;
}

export function trigramKey(w1: number, w2: number, w3: number): number {
  return (w3 * SHIFT + w2) * SHIFT + w1;
}

/** The words of a key of `n` words, oldest first, into `out`. */
export function keyWords(key: number, n: number, out: Uint32Array | number[]): void {
  let rest = key;
  for (let i = 0; i < n; i++) {
    const word = rest % SHIFT;
    out[i] = word;
    rest = (rest - word) / SHIFT;
  }
}

/** Index of `key` in the sorted `keys`, or -1. */
export function findKey(keys: Float64Array, key: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = keys[mid]!;
    if (value < key) low = mid + 1;
    else if (value > key) high = mid - 1;
    else return mid;
  }
  return -1;
}

/** log10 p(word) in `model`, -Infinity for a word it lacks. */
export function unigramLog10(model: NgramModel, word: number): number {
  const p = word < model.unigramProbs.length ? model.unigramProbs[word]! : NaN;
  return Number.isNaN(p) ? -Infinity : p;
}

/**
 * log10 p(word | history) with back-off, history oldest first (its last `order - 1` words are
 * used). -Infinity for a word the model lacks.
 */
export function scoreLog10(model: NgramModel, history: readonly number[], word: number): number {
  const n = Math.min(history.length, model.order - 1);
  if (n === 0) return unigramLog10(model, word);
  const w2 = history[history.length - 1]!;
  if (n === 1) return bigramLog10(model, w2, word);
  return trigramLog10(model, history[history.length - 2]!, w2, word);
}

/** log10 p(w2 | w1) with back-off (allocates nothing: the mix calls it millions of times). */
export function bigramLog10(model: NgramModel, w1: number, w2: number): number {
  const unigram = unigramLog10(model, w2);
  if (unigram === -Infinity || model.order < 2) return unigram;
  const table = model.tables[0]!;
  const at = findKey(table.keys, bigramKey(w1, w2));
  if (at >= 0) return table.probs[at]!;
  const bo = w1 < model.unigramBackoffs.length ? model.unigramBackoffs[w1]! : NaN;
  return (Number.isNaN(bo) ? 0 : bo) + unigram;
}

/** log10 p(w3 | w1 w2) with back-off. */
export function trigramLog10(model: NgramModel, w1: number, w2: number, w3: number): number {
  if (model.order < 3) return bigramLog10(model, w2, w3);
  if (unigramLog10(model, w3) === -Infinity) return -Infinity;
  const table = model.tables[1]!;
  const at = findKey(table.keys, trigramKey(w1, w2, w3));
  if (at >= 0) return table.probs[at]!;
  const bigrams = model.tables[0]!;
  const context = findKey(bigrams.keys, bigramKey(w1, w2));
  const bo = context < 0 ? 0 : bigrams.backoffs![context]!;
  return bo + bigramLog10(model, w2, w3);
}

/**
 * The table in key order without repeats. Insertion sort: the stock trie is in order but for a
 * few entries (2 of its trigrams sit one place early within their range; stock-trie/read-trie.ts),
 * so it costs one pass there. A repeated key keeps its first entry.
 */
export function sortedTable(table: NgramTable): NgramTable {
  const { keys, probs, backoffs } = table;
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    if (key >= keys[i - 1]!) continue;
    const prob = probs[i]!;
    const backoff = backoffs?.[i] ?? 0;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) {
      keys[j + 1] = keys[j]!;
      probs[j + 1] = probs[j]!;
      if (backoffs) backoffs[j + 1] = backoffs[j]!;
    }
    keys[j + 1] = key;
    probs[j + 1] = prob;
    if (backoffs) backoffs[j + 1] = backoff;
  }
  let kept = 0;
  for (let i = 0; i < keys.length; i++) {
    if (kept > 0 && keys[i] === keys[kept - 1]) continue;
    keys[kept] = keys[i]!;
    probs[kept] = probs[i]!;
    if (backoffs) backoffs[kept] = backoffs[i]!;
    kept++;
  }
  if (kept === keys.length) return table;
  return {
    keys: keys.subarray(0, kept),
    probs: probs.subarray(0, kept),
    ...(backoffs ? { backoffs: backoffs.subarray(0, kept) } : {}),
  };
}
