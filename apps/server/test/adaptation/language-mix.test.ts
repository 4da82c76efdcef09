/**
 * The static mix of two back-off models (adaptation/language/mix): against a hand computation on
 * two tiny models, every context's distribution of a mixed trigram model summing to one, and the
 * written ARPA scored by sphinxbase as we score it.
 */
import { afterAll, describe, expect, it } from 'vitest';

import { buildArpa } from '../../src/adaptation/language/arpa.ts';
import { mixCommand } from '../../src/adaptation/language/mix/merged-model.ts';
import { mixModels } from '../../src/adaptation/language/mix/mix-models.ts';
import {
  keyWords,
  type NgramModel,
  scoreLog10,
  Vocabulary,
} from '../../src/adaptation/language/ngram/ngram-model.ts';
import { parseArpaModel } from '../../src/adaptation/language/ngram/read-arpa.ts';
import { writeArpaModel } from '../../src/adaptation/language/ngram/write-arpa.ts';
import { LOG10_OF_BASE } from '../../src/adaptation/language/stock-trie/read-trie.ts';
import { FixtureDir } from '../transcription/support/speech.ts';
import { openNativeLm } from './support/native-lm.ts';

const dir = new FixtureDir();
afterAll(() => dir.remove());

const l = Math.log10;
// Stock: </s> .2, a .5, b .3; p(a|<s>) .6 -> bo(<s>) .4/.5 = .8; p(b|a) .3, p(</s>|a) .5 -> bo(a) .2/.5 = .4.
const STOCK = `\\data\\
ngram 1=4
ngram 2=3

\\1-grams:
-99\t<s>\t${l(0.8)}
${l(0.2)}\t</s>
${l(0.5)}\ta\t${l(0.4)}
${l(0.3)}\tb

\\2-grams:
${l(0.6)}\t<s> a
${l(0.3)}\ta b
${l(0.5)}\ta </s>

\\end\\
`;
// Personal: </s> .25, a .25, c .5; p(c|<s>) .8 -> bo(<s>) .2/.5 = .4; p(</s>|c) .5 -> bo(c) .5/.75.
const PERSONAL = `\\data\\
ngram 1=4
ngram 2=2

\\1-grams:
-99\t<s>\t${l(0.4)}
${l(0.25)}\t</s>
${l(0.25)}\ta
${l(0.5)}\tc\t${l(0.5 / 0.75)}

\\2-grams:
${l(0.8)}\t<s> c
${l(0.5)}\tc </s>

\\end\\
`;

function p(model: NgramModel, ...words: string[]): number {
  const ids = words.map((word) => model.vocabulary.id(word)!);
  return 10 ** scoreLog10(model, ids.slice(0, -1), ids[ids.length - 1]!);
}

describe('mixing two back-off models into one', () => {
  it('gives the hand-computed probabilities and back-off weights (λ = 0.6 for the first)', () => {
    const vocabulary = new Vocabulary();
    const stock = parseArpaModel(STOCK, vocabulary);
    const personal = parseArpaModel(PERSONAL, vocabulary);
    const mixed = mixModels(stock, personal, 0.6);

    // Unigrams: .6·Ps + .4·Pp, a word missing from one model has 0 there; <s> stays -99.
    expect(p(mixed, '</s>')).toBeCloseTo(0.22, 6);
    expect(p(mixed, 'a')).toBeCloseTo(0.4, 6);
    expect(p(mixed, 'b')).toBeCloseTo(0.18, 6);
    expect(p(mixed, 'c')).toBeCloseTo(0.2, 6);
    expect(mixed.unigramProbs[vocabulary.id('<s>')!]).toBe(-99);
    // Explicit bigrams of either model, each P with back-off in its own model:
    // p(a|<s>) = .6·.6 + .4·(.4·.25) = .40; p(c|<s>) = .4·.8 = .32; p(b|a) = .6·.3 = .18;
    // p(</s>|a) = .6·.5 + .4·.25 (a has no bigrams in the personal model) = .40;
    // p(</s>|c) = .6·.2 (the stock model lacks c: its P(</s>) with no back-off weight) + .4·.5 = .32.
    expect(mixed.tables[0]!.keys.length).toBe(5);
    expect(p(mixed, '<s>', 'a')).toBeCloseTo(0.4, 6);
    expect(p(mixed, '<s>', 'c')).toBeCloseTo(0.32, 6);
    expect(p(mixed, 'a', 'b')).toBeCloseTo(0.18, 6);
    expect(p(mixed, 'a', '</s>')).toBeCloseTo(0.4, 6);
    expect(p(mixed, 'c', '</s>')).toBeCloseTo(0.32, 6);
    // bo(<s>) = (1 - .40 - .32) / (1 - .4 - .2) = .7; bo(a) = (1 - .18 - .4) / (1 - .18 - .22) = .7;
    // bo(c) = (1 - .32) / (1 - .22).
    const bo = (word: string): number => 10 ** mixed.unigramBackoffs[vocabulary.id(word)!]!;
    expect(bo('<s>')).toBeCloseTo(0.7, 6);
    expect(bo('a')).toBeCloseTo(0.7, 6);
    expect(bo('c')).toBeCloseTo(0.68 / 0.78, 6);
    // A word backed off to: bo(<s>)·P(b) = .7·.18.
    expect(p(mixed, '<s>', 'b')).toBeCloseTo(0.126, 6);
  });

  it('sums to one over the vocabulary in every context of a mixed trigram model', async () => {
    const vocabulary = new Vocabulary();
    const stock = parseArpaModel(
      buildArpa([
        'the bees are in the hive',
        'the hive is full of honey',
        'we took the honey from the bees',
        'the queen is in the hive today',
      ]).text,
      vocabulary,
    );
    const personal = parseArpaModel(
      buildArpa(['the varroa count is high', 'the varroa are on the bees', 'zarvokin took the honey']).text,
      vocabulary,
    );
    const mixed = mixModels(stock, personal, 0.7);
    const start = vocabulary.id('<s>')!;
    const sum = (history: number[]): number => {
      let total = 0;
      for (let w = 0; w < vocabulary.size; w++) {
        if (w !== start) total += 10 ** scoreLog10(mixed, history, w);
      }
      return total;
    };
    const contexts: number[][] = [[]];
    for (let w = 0; w < vocabulary.size; w++) contexts.push([w]);
    const words = [0, 0];
    for (const key of mixed.tables[0]!.keys) {
      keyWords(key, 2, words);
      contexts.push([...words]);
    }
    for (const history of contexts) {
      expect(sum(history), history.map((w) => vocabulary.words[w]).join(' ')).toBeCloseTo(1, 4);
    }
    expect(contexts.length).toBeGreaterThan(40);
    // The trigrams of both models are all there.
    expect(mixed.tables[1]!.keys.length).toBeGreaterThanOrEqual(
      Math.max(stock.tables[1]!.keys.length, personal.tables[1]!.keys.length),
    );

    // Written as ARPA, sphinxbase scores it as we do: within 3 units of its log base (0.03 % of a
    // probability), since it quantises what it reads into 2^16 bins, sorted by a comparator that
    // takes values less than a unit apart as equal (lm_trie_quant.c).
    const path = dir.file('mixed.arpa');
    await writeArpaModel(mixed, path);
    {
      const native = openNativeLm(path);
      let worst = 0;
      try {
        for (const history of contexts.filter((h) => h.length > 0)) {
          for (let w = 0; w < vocabulary.size; w++) {
            if (w === start) continue;
            const ours = scoreLog10(mixed, history, w) / LOG10_OF_BASE;
            const nativeHistory = history.map((id) => native.wid(vocabulary.words[id]!));
            const theirs = native.score(nativeHistory, native.wid(vocabulary.words[w]!));
            worst = Math.max(worst, Math.abs(ours - theirs));
          }
        }
        expect(worst).toBeLessThanOrEqual(3);
      } finally {
        native.free();
      }
    }
  });
});

describe('starting the mix process', () => {
  const input = { stockLm: '/m/stock.lm.bin', personalLm: '/m/personal.lm', personalWeight: 0.25 };
  const bundleWas = process.env.VOXPAD_WORKER_BUNDLE;
  afterAll(() => {
    if (bundleWas === undefined) delete process.env.VOXPAD_WORKER_BUNDLE;
    else process.env.VOXPAD_WORKER_BUNDLE = bundleWas;
  });

  it('runs the built bundle beside a fresh worker bundle, not the source through tsx', () => {
    process.env.VOXPAD_WORKER_BUNDLE = '/opt/voxpad/dist/transcription-worker.js';
    const { program, args } = mixCommand(input, '/tmp/out.arpa');
    expect(program).toBe(process.execPath);
    expect(args).toEqual([
      '/opt/voxpad/dist/mix-language-models.js',
      '/m/stock.lm.bin',
      '/m/personal.lm',
      '0.25',
      '/tmp/out.arpa',
    ]);
  });

  it('runs the source through tsx when no fresh bundle is named', () => {
    delete process.env.VOXPAD_WORKER_BUNDLE;
    const { args } = mixCommand(input, '/tmp/out.arpa');
    expect(args.slice(0, 2)).toEqual(['--import', 'tsx']);
    expect(args[2]).toMatch(/mix-process\.ts$/);
  });
});
