/**
 * Reads sphinxbase's binary "trie" language model (`en-us.lm.bin`), because `sphinx_lm_convert
 * -ofmt arpa` aborts on the stock model (ADR 0035). Layout as sphinxbase 5prealpha writes it
 * (ngram_model_trie.c, lm_trie.c, lm_trie_quant.c), all little-endian:
 *
 * - "Trie Language Model" (no NUL), uint8 order, uint32 count per order (the trie's own counts);
 * - order > 1: int32 (was the quantisation type), then float tables of 2^16 entries: per middle
 *   order (bigrams of a trigram model) probability then back-off, then the longest order's
 *   probability;
 * - (count1 + 1) unigrams {float prob, float backoff, uint32 next}; `next` to the next unigram's
 *   `next` is the unigram's range of bigrams;
 * - bit-packed arrays, one per order > 1, each (count + 1) entries long (the extra entry closes the
 *   last range) plus 8 bytes: a middle entry is word (bits for count1), back-off code (16), prob
 *   code (16), next (bits for the next order's count); a longest entry is word and prob code (16).
 *   A value at bit offset o is the little-endian uint32 at byte o/8, shifted right by o mod 8;
 * - int32 length, then the words, each ending in NUL, in id order.
 *
 * The trie is keyed by the predicted word first: unigram w3, then its histories w2 (sorted), then
 * w1 (sorted), so walking it in order gives n-grams sorted by ngram-model.ts's key. Scores are in
 * the log base the file was written with (1.0001, the decoder's) and are turned into log10.
 */
import { readFile } from 'node:fs/promises';

import { AdaptationError } from '../../errors.ts';
import {
  type NgramModel,
  type NgramTable,
  sortedTable,
  Vocabulary,
  WORD_BITS,
} from '../ngram/ngram-model.ts';

const HEADER = 'Trie Language Model';
const QUANT_BITS = 16;
const QUANT_ENTRIES = 1 << QUANT_BITS;
/** log10 of the log base the stock model was written in (sphinxbase's default 1.0001). */
export const LOG10_OF_BASE = Math.log10(1.0001);

export async function readTrieModel(path: string): Promise<NgramModel> {
  return parseTrieModel(await readFile(path), path);
}

export function parseTrieModel(file: Buffer, path = 'the language model'): NgramModel {
  const fail = (why: string): never => {
    throw new AdaptationError('model_unreadable', `${path} is not a readable sphinxbase trie model: ${why}.`);
  };
  if (file.toString('latin1', 0, HEADER.length) !== HEADER) fail('its header is wrong');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let at = HEADER.length;
  const order = file[at]!;
  at += 1;
  if (order < 1 || order > 3) fail(`order ${order} is not 1 to 3`);
  const counts: number[] = [];
  for (let i = 0; i < order; i++, at += 4) counts.push(view.getUint32(at, true));
  const vocabularySize = counts[0]!;
  if (vocabularySize > 2 ** WORD_BITS) fail(`${vocabularySize} words is more than this reader packs`);

  // Quantisation tables: [middle prob, middle back-off] per middle order, then longest prob.
  const tables: Float32Array[] = [];
  if (order > 1) {
    at += 4;
    for (let i = 0; i < 2 * (order - 2) + 1; i++, at += QUANT_ENTRIES * 4) {
      tables.push(readFloats(view, at, QUANT_ENTRIES));
    }
  }

  const unigramProbs = new Float32Array(vocabularySize);
  const unigramBackoffs = new Float32Array(vocabularySize);
  const unigramNext = new Uint32Array(vocabularySize + 1);
  for (let w = 0; w <= vocabularySize; w++, at += 12) {
    if (w < vocabularySize) {
      unigramProbs[w] = view.getFloat32(at, true) * LOG10_OF_BASE;
      unigramBackoffs[w] = view.getFloat32(at + 4, true) * LOG10_OF_BASE;
    }
    unigramNext[w] = view.getUint32(at + 8, true);
  }

  const wordBits = requiredBits(vocabularySize);
  const ngramTables: NgramTable[] = [];
  if (order > 1) {
    const bigramCount = counts[1]!;
    if (order === 2) {
      const bits = wordBits + QUANT_BITS;
      const bytes = packedSize(bigramCount, bits);
      ngramTables.push(
        readLongest(file.subarray(at, at + bytes), bigramCount, wordBits, tables[0]!, unigramNext),
      );
      at += bytes;
    } else {
      const trigramCount = counts[2]!;
      const nextBits = requiredBits(trigramCount);
      const middleBits = wordBits + 2 * QUANT_BITS + nextBits;
      const middleBytes = packedSize(bigramCount, middleBits);
      const longestBits = wordBits + QUANT_BITS;
      const longestBytes = packedSize(trigramCount, longestBits);
      if (at + middleBytes + longestBytes > file.length) fail('it is shorter than its counts say');
      const middle = file.subarray(at, at + middleBytes);
      const longest = file.subarray(at + middleBytes, at + middleBytes + longestBytes);
      at += middleBytes + longestBytes;
      const parsed = readTrigramTrie(middle, longest, {
        bigramCount,
        trigramCount,
        wordBits,
        nextBits,
        middleBits,
        longestBits,
        unigramNext,
        middleProbs: tables[0]!,
        middleBackoffs: tables[1]!,
        longestProbs: tables[2]!,
      });
      ngramTables.push(parsed.bigrams, parsed.trigrams);
    }
  }

  const length = view.getInt32(at, true);
  at += 4;
  if (at + length > file.length) fail('its word list is cut short');
  const vocabulary = new Vocabulary();
  let start = at;
  for (let i = at; i < at + length; i++) {
    if (file[i] === 0) {
      vocabulary.add(file.toString('utf8', start, i));
      start = i + 1;
    }
  }
  if (vocabulary.size !== vocabularySize) fail(`it names ${vocabulary.size} words, not ${vocabularySize}`);
  return { vocabulary, order, unigramProbs, unigramBackoffs, tables: ngramTables };
}

interface TrigramLayout {
  bigramCount: number;
  trigramCount: number;
  wordBits: number;
  nextBits: number;
  middleBits: number;
  longestBits: number;
  unigramNext: Uint32Array;
  middleProbs: Float32Array;
  middleBackoffs: Float32Array;
  longestProbs: Float32Array;
}

function readTrigramTrie(
  middle: Uint8Array,
  longest: Uint8Array,
  layout: TrigramLayout,
): { bigrams: NgramTable; trigrams: NgramTable } {
  const { wordBits, nextBits, middleBits, longestBits, unigramNext } = layout;
  const wordMask = mask(wordBits);
  const nextMask = mask(nextBits);
  const nextOf = (j: number): number =>
    readBits(middle, j * middleBits + wordBits + 2 * QUANT_BITS, nextMask);
  // The header's counts are what sphinxbase allocated (lm_trie_fix_counts' estimate, which the
  // stock model's exceeds by a few); the ranges say how many entries were written: 2,051,541
  // bigrams of the stock model's 2,051,547, so a reader trusting the header reads empty entries
  // (and sphinx_lm_convert -ofmt arpa asserts on it).
  const vocabularySize = unigramNext.length - 1;
  const bigramCount = Math.min(layout.bigramCount, unigramNext[vocabularySize]!);
  const trigramCount = Math.min(layout.trigramCount, nextOf(bigramCount));
  const bigrams: NgramTable & { backoffs: Float32Array } = {
    keys: new Float64Array(bigramCount),
    probs: new Float32Array(bigramCount),
    backoffs: new Float32Array(bigramCount),
  };
  const trigrams: NgramTable = {
    keys: new Float64Array(trigramCount),
    probs: new Float32Array(trigramCount),
  };
  const shift = 2 ** WORD_BITS;
  for (let w3 = 0; w3 < vocabularySize; w3++) {
    const end = unigramNext[w3 + 1]!;
    for (let j = unigramNext[w3]!; j < end; j++) {
      const offset = j * middleBits;
      const w2 = readBits(middle, offset, wordMask);
      bigrams.keys[j] = w3 * shift + w2;
      bigrams.backoffs[j] =
        layout.middleBackoffs[readBits(middle, offset + wordBits, 0xffff)]! * LOG10_OF_BASE;
      bigrams.probs[j] =
        layout.middleProbs[readBits(middle, offset + wordBits + QUANT_BITS, 0xffff)]! * LOG10_OF_BASE;
      const stop = nextOf(j + 1);
      const prefix = (w3 * shift + w2) * shift;
      for (let t = nextOf(j); t < stop; t++) {
        const at = t * longestBits;
        trigrams.keys[t] = prefix + readBits(longest, at, wordMask);
        trigrams.probs[t] = layout.longestProbs[readBits(longest, at + wordBits, 0xffff)]! * LOG10_OF_BASE;
      }
    }
  }
  return { bigrams: sortedTable(bigrams), trigrams: sortedTable(trigrams) };
}

/** A bigram model's packed array (its longest order): word, prob code. */
function readLongest(
  packed: Uint8Array,
  count: number,
  wordBits: number,
  probs: Float32Array,
  unigramNext: Uint32Array,
): NgramTable {
  const bits = wordBits + QUANT_BITS;
  const written = Math.min(count, unigramNext[unigramNext.length - 1]!);
  const table = { keys: new Float64Array(written), probs: new Float32Array(written) };
  const shift = 2 ** WORD_BITS;
  for (let w2 = 0; w2 < unigramNext.length - 1; w2++) {
    const end = Math.min(written, unigramNext[w2 + 1]!);
    for (let j = unigramNext[w2]!; j < end; j++) {
      table.keys[j] = w2 * shift + readBits(packed, j * bits, mask(wordBits));
      table.probs[j] = probs[readBits(packed, j * bits + wordBits, 0xffff)]! * LOG10_OF_BASE;
    }
  }
  return sortedTable(table);
}

/** sphinxbase bitarr_read_int25: at most 25 bits at bit offset `offset`. */
function readBits(bytes: Uint8Array, offset: number, valueMask: number): number {
  const i = offset >>> 3;
  const word = (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0;
  return (word >>> (offset & 7)) & valueMask;
}

function readFloats(view: DataView, at: number, count: number): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getFloat32(at + i * 4, true);
  return out;
}

/** sphinxbase bitarr_required_bits. */
function requiredBits(max: number): number {
  if (max === 0) return 0;
  let bits = 1;
  for (let rest = max >>> 1; rest > 0; rest >>>= 1) bits++;
  return bits;
}

function mask(bits: number): number {
  return bits >= 32 ? 0xffffffff : (1 << bits) - 1;
}

/** base_size in lm_trie.c: (count + 1) entries, rounded up to bytes, plus 8 bytes of slack. */
function packedSize(count: number, bits: number): number {
  return Math.floor(((count + 1) * bits + 7) / 8) + 8;
}
