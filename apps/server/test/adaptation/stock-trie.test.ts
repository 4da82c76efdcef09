/**
 * Our reader of sphinxbase's binary trie against the engine on the real stock model
 * (en-us.lm.bin): explicit unigrams, bigrams and trigrams, and word sequences that back off, must
 * score within one unit of the decoder's log base of what ngram_ng_score gives.
 */
import { describe, expect, it } from 'vitest';

import { keyWords, scoreLog10 } from '../../src/adaptation/language/ngram/ngram-model.ts';
import { LOG10_OF_BASE, readTrieModel } from '../../src/adaptation/language/stock-trie/read-trie.ts';
import { openNativeLm } from './support/native-lm.ts';

const STOCK_LM = '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin';

/** The same pseudo-random picks on every run. */
function picker(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % below;
  };
}

describe('the stock trie reader', () => {
  it('reads the counts, the words and scores as sphinxbase does', async () => {
    const model = await readTrieModel(STOCK_LM);
    expect(model.order).toBe(3);
    expect(model.vocabulary.size).toBe(72_547);
    // The header says 2,051,547 bigrams; 2,051,541 were written (read-trie.ts).
    expect(model.tables[0]!.keys.length).toBe(2_051_541);
    expect(model.tables[1]!.keys.length).toBe(1_669_625);
    expect(model.unigramProbs[model.vocabulary.id('<s>')!]).toBeCloseTo(-99, 3);

    const native = openNativeLm(STOCK_LM);
    try {
      const pick = picker(21);
      const cases: number[][] = [];
      const words = [0, 0, 0];
      for (let i = 0; i < 100; i++) cases.push([pick(model.vocabulary.size)]);
      for (const [n, table] of model.tables.map((t, i) => [i + 2, t] as const)) {
        for (let i = 0; i < 150; i++) {
          keyWords(table.keys[pick(table.keys.length)]!, n, words);
          cases.push(words.slice(0, n));
        }
      }
      // Histories the model has not seen: back-off through one or two weights.
      for (let i = 0; i < 150; i++) {
        cases.push([pick(model.vocabulary.size), pick(model.vocabulary.size), pick(model.vocabulary.size)]);
      }
      // And real text, so common contexts are covered too.
      const text = '<s> the bees were flying in and out of the hive all afternoon </s>'.split(' ');
      const ids = text.map((word) => model.vocabulary.id(word)!);
      for (let i = 1; i < ids.length; i++) cases.push(ids.slice(Math.max(0, i - 2), i + 1));

      let worst = 0;
      for (const ngram of cases) {
        const history = ngram.slice(0, -1);
        const word = ngram[ngram.length - 1]!;
        // Our ids are the engine's: both number the words in the file's order.
        expect(native.wid(model.vocabulary.words[word]!)).toBe(word);
        const ours = scoreLog10(model, history, word) / LOG10_OF_BASE;
        const theirs = native.score(history, word);
        worst = Math.max(worst, Math.abs(ours - theirs));
        expect(
          Math.abs(ours - theirs),
          model.vocabulary.words.filter((_, id) => ngram.includes(id)).join(' '),
        ).toBeLessThanOrEqual(1);
      }
      expect(cases.length).toBeGreaterThan(500);
      expect(worst).toBeLessThanOrEqual(1);
    } finally {
      native.free();
    }
  });
});
