/**
 * The static linear interpolation of two back-off models over one vocabulary, as SRILM's
 * `ngram -mix-lm -lambda -write-lm` writes it (ADR 0040, session 17): one model the decoder
 * scores once per lookup, instead of sphinxbase's model set scoring both at run time.
 *
 * For each order k the merged k-grams are the union of both models' explicit k-grams (plus the
 * prefix and suffix of every merged trigram, so each trigram's context carries a back-off weight
 * and sphinxbase's trie, keyed by the suffix, reaches it). Each gets
 *   p(w|h) = λ·Ps(w|h) + (1-λ)·Pp(w|h),
 * each P with back-off in its own model (0 where the model lacks w). A context h with children
 * gets the back-off weight that makes its distribution sum to 1:
 *   bo(h) = (1 - Σ_children p(w|h)) / (1 - Σ_children P(w|h')),
 * h' being h without its first word and P the merged model's own probability.
 */
import {
  bigramKey,
  bigramLog10,
  findKey,
  type NgramModel,
  type NgramTable,
  trigramLog10,
  unigramLog10,
  WORD_BITS,
} from '../ngram/ngram-model.ts';

/** log10 probability written for <s>, which is never predicted (as every ARPA writer does). */
const START_LOG10 = -99;
/** Below this, what is left of a context's mass counts as nothing (float32 sums of thousands). */
const LEFT_EPSILON = 1e-6;
const SHIFT = 2 ** WORD_BITS;

/**
 * `stockWeight` is λ (the personal weight is 1 - λ). Both models must share one vocabulary
 * (read the personal one with the stock one's `Vocabulary`).
 */
export function mixModels(stock: NgramModel, personal: NgramModel, stockWeight: number): NgramModel {
  if (stock.vocabulary !== personal.vocabulary) {
    throw new RangeError('The models to mix must share one vocabulary.');
  }
  if (!(stockWeight >= 0 && stockWeight <= 1)) throw new RangeError(`λ must be 0..1, not ${stockWeight}`);
  const vocabulary = stock.vocabulary;
  const size = vocabulary.size;
  const order = Math.max(stock.order, personal.order);
  const mix = (ps: number, pp: number): number =>
    stockWeight * (ps === -Infinity ? 0 : 10 ** ps) + (1 - stockWeight) * (pp === -Infinity ? 0 : 10 ** pp);

  const start = vocabulary.id('<s>');
  const unigram = new Float64Array(size);
  const unigramProbs = new Float32Array(size);
  for (let w = 0; w < size; w++) {
    unigram[w] = w === start ? 0 : mix(unigramLog10(stock, w), unigramLog10(personal, w));
    unigramProbs[w] = w === start ? START_LOG10 : toLog10(unigram[w]!);
  }
  const unigramBackoffs = new Float32Array(size);
  if (order === 1) return { vocabulary, order, unigramProbs, unigramBackoffs, tables: [] };

  const trigramKeys =
    order === 3 ? union([tableOf(stock, 1)?.keys, tableOf(personal, 1)?.keys]) : new Float64Array(0);
  const explicitBigrams = union([tableOf(stock, 0)?.keys, tableOf(personal, 0)?.keys]);
  const bigramKeys = union([explicitBigrams, missingContexts(trigramKeys, explicitBigrams)]);

  // Bigrams, and the sums that give each word's back-off weight.
  const bigrams: NgramTable & { backoffs?: Float32Array } = {
    keys: bigramKeys,
    probs: new Float32Array(bigramKeys.length),
    ...(order === 3 ? { backoffs: new Float32Array(bigramKeys.length) } : {}),
  };
  const seen = new Float64Array(size);
  const seenLower = new Float64Array(size);
  const hasChildren = new Uint8Array(size);
  const inStock = new Walk(tableOf(stock, 0));
  const inPersonal = new Walk(tableOf(personal, 0));
  for (let j = 0; j < bigramKeys.length; j++) {
    const key = bigramKeys[j]!;
    const w1 = key % SHIFT;
    const w2 = (key - w1) / SHIFT;
    const p = mix(
      inStock.prob(key) ?? bigramLog10(stock, w1, w2),
      inPersonal.prob(key) ?? bigramLog10(personal, w1, w2),
    );
    bigrams.probs[j] = toLog10(p);
    seen[w1]! += p;
    seenLower[w1]! += unigram[w2]!;
    hasChildren[w1] = 1;
  }
  for (let w = 0; w < size; w++) {
    if (hasChildren[w]) unigramBackoffs[w] = backoffLog10(seen[w]!, seenLower[w]!);
  }
  const model: NgramModel = { vocabulary, order, unigramProbs, unigramBackoffs, tables: [bigrams] };
  if (order === 2) return model;

  // Trigrams. Their suffixes (w2 w3) rise with their keys, so one walk finds each in the bigrams.
  const trigrams: NgramTable = { keys: trigramKeys, probs: new Float32Array(trigramKeys.length) };
  const contextSeen = new Float64Array(bigramKeys.length);
  const contextSeenLower = new Float64Array(bigramKeys.length);
  const contextHasChildren = new Uint8Array(bigramKeys.length);
  const trigramsInStock = new Walk(tableOf(stock, 1));
  const trigramsInPersonal = new Walk(tableOf(personal, 1));
  let suffix = 0;
  for (let t = 0; t < trigramKeys.length; t++) {
    const key = trigramKeys[t]!;
    const w1 = key % SHIFT;
    const suffixKey = (key - w1) / SHIFT;
    const w2 = suffixKey % SHIFT;
    const w3 = (suffixKey - w2) / SHIFT;
    const p = mix(
      trigramsInStock.prob(key) ?? trigramLog10(stock, w1, w2, w3),
      trigramsInPersonal.prob(key) ?? trigramLog10(personal, w1, w2, w3),
    );
    trigrams.probs[t] = toLog10(p);
    while (bigramKeys[suffix]! < suffixKey) suffix++;
    const context = findKey(bigramKeys, bigramKey(w1, w2));
    contextSeen[context]! += p;
    contextSeenLower[context]! += 10 ** bigrams.probs[suffix]!;
    contextHasChildren[context] = 1;
  }
  for (let j = 0; j < bigramKeys.length; j++) {
    if (contextHasChildren[j]) bigrams.backoffs![j] = backoffLog10(contextSeen[j]!, contextSeenLower[j]!);
  }
  model.tables.push(trigrams);
  return model;
}

/**
 * log10 of (1 - seen) / (1 - seenLower). Clamped, since float32 probabilities summed over
 * thousands of children can cross 1: when the lower order has (next to) nothing left for the
 * other words there is nothing to scale, so the weight is 1 (they keep their tiny lower-order
 * probability, and the context may lose at most LEFT_EPSILON of its mass); when the children
 * already hold (next to) all of the context's mass, what is left is taken as LEFT_EPSILON, so
 * the other words get almost nothing but are never impossible.
 */
export function backoffLog10(seen: number, seenLower: number): number {
  const leftLower = 1 - seenLower;
  if (leftLower <= LEFT_EPSILON) return 0;
  return Math.log10(Math.max(1 - seen, LEFT_EPSILON) / leftLower);
}

function toLog10(p: number): number {
  return p > 0 ? Math.log10(p) : START_LOG10;
}

function tableOf(model: NgramModel, index: number): NgramTable | undefined {
  return model.tables[index];
}

/**
 * The explicit probability of each key asked for in rising order, found by walking the table
 * alongside (the merged keys are a superset in the same order): no search per n-gram.
 */
class Walk {
  #at = 0;
  readonly #table: NgramTable | undefined;

  constructor(table: NgramTable | undefined) {
    this.#table = table;
  }

  /** log10 p of `key` if the table holds it; keys must be asked for in rising order. */
  prob(key: number): number | undefined {
    const table = this.#table;
    if (!table) return undefined;
    const keys = table.keys;
    while (this.#at < keys.length && keys[this.#at]! < key) this.#at++;
    return keys[this.#at] === key ? table.probs[this.#at]! : undefined;
  }
}

/** The prefix and suffix bigrams of `trigramKeys` not in `bigramKeys`, sorted. */
function missingContexts(trigramKeys: Float64Array, bigramKeys: Float64Array): Float64Array {
  const missing: number[] = [];
  let suffix = 0;
  for (let t = 0; t < trigramKeys.length; t++) {
    const key = trigramKeys[t]!;
    const w1 = key % SHIFT;
    const suffixKey = (key - w1) / SHIFT;
    // Suffixes rise with the trigrams' keys: walked, not searched.
    while (suffix < bigramKeys.length && bigramKeys[suffix]! < suffixKey) suffix++;
    if (bigramKeys[suffix] !== suffixKey) missing.push(suffixKey);
    const prefixKey = bigramKey(w1, suffixKey % SHIFT);
    if (findKey(bigramKeys, prefixKey) < 0) missing.push(prefixKey);
  }
  return Float64Array.from(missing).sort();
}

/** The sorted union of sorted key arrays, without repeats. */
function union(lists: ReadonlyArray<Float64Array | undefined>): Float64Array {
  const present = lists.filter((list): list is Float64Array => list !== undefined && list.length > 0);
  if (present.length === 0) return new Float64Array(0);
  let merged = present[0]!;
  for (const next of present.slice(1)) merged = unionOfTwo(merged, next);
  return merged;
}

function unionOfTwo(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  let last = -1;
  while (i < a.length || j < b.length) {
    const key = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (key !== last) out[n++] = key;
    last = key;
  }
  return out.subarray(0, n);
}
