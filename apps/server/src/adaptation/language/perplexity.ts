/**
 * Perplexity of held-out sentences under the stock language model interpolated with a personal
 * one, as sphinxbase's n-gram model set scores them at decode time (the same set
 * personal-decoder.ts installs), for choosing the interpolation weight (ADR 0038).
 */
import koffi from 'koffi';

import { AdaptationError } from '../errors.ts';
import { dictionaryWords } from '../words.ts';

/** Log base of the scores (the decoder's default). */
const LOG_BASE = 1.0001;

interface SetNative {
  read(path: string): unknown;
  set(models: unknown[], names: string[], weights: number[]): unknown;
  reweight(set: unknown, names: string[], weights: number[]): unknown;
  wid(model: unknown, word: string): number;
  unknownWid(model: unknown): number;
  score(model: unknown, wid: number, history: Int32Array): number;
  free(model: unknown): void;
}

let native: SetNative | undefined;

function bind(): SetNative {
  const sb = koffi.load('libsphinxbase.so.3');
  const logmath = sb.func('void *logmath_init(double base, int shift, int use_table)')(
    LOG_BASE,
    0,
    0,
  ) as unknown;
  const read = sb.func(
    'void *ngram_model_read(void *config, const char *file_name, int file_type, void *lmath)',
  );
  const setInit = sb.func(
    'void *ngram_model_set_init(void *config, void **models, const char **names, const float *weights, int32_t n_models)',
  );
  const interp = sb.func('void *ngram_model_set_interp(void *set, const char **names, const float *weights)');
  const wid = sb.func('int32_t ngram_wid(void *model, const char *word)');
  const unknownWid = sb.func('int32_t ngram_unknown_wid(void *model)');
  const score = sb.func(
    'int32_t ngram_ng_score(void *model, int32_t wid, int32_t *history, int32_t n_hist, _Out_ int32_t *n_used)',
  );
  const free = sb.func('int ngram_model_free(void *model)');
  return {
    read: (path) => read(null, path, 0, logmath) as unknown,
    set: (models, names, weights) =>
      setInit(null, models, names, new Float32Array(weights), models.length) as unknown,
    reweight: (set, names, weights) => interp(set, names, new Float32Array(weights)) as unknown,
    wid: (model, word) => wid(model, word) as number,
    unknownWid: (model) => unknownWid(model) as number,
    score: (model, id, history) => score(model, id, history, history.length, [0]) as number,
    free: (model) => void free(model),
  };
}

/**
 * Perplexity of `sentences` for each weight of the personal model (0..1, the stock model gets the
 * rest). Words neither model knows are left out, as sphinx_lm_eval does; `oov` counts them.
 */
export function interpolatedPerplexities(
  stockLm: string,
  personalLm: string,
  sentences: readonly string[],
  weights: readonly number[],
): { perplexities: Map<number, number>; oov: number } {
  native ??= bind();
  const lib = native;
  const stock = lib.read(stockLm);
  const personal = lib.read(personalLm);
  if (!stock || !personal) {
    if (stock) lib.free(stock);
    if (personal) lib.free(personal);
    throw new AdaptationError(
      'model_unreadable',
      `A language model could not be read (${stock ? personalLm : stockLm}).`,
    );
  }
  const names = ['stock', 'personal'];
  const set = lib.set([stock, personal], names, [0.5, 0.5]);
  lib.free(stock);
  lib.free(personal);
  if (!set)
    throw new AdaptationError(
      'model_unreadable',
      'The stock and personal language models could not be combined.',
    );
  try {
    const unknown = lib.unknownWid(set);
    const perplexities = new Map<number, number>();
    let oov = 0;
    for (const weight of weights) {
      lib.reweight(set, names, [1 - weight, weight]);
      let logSum = 0;
      let counted = 0;
      oov = 0;
      for (const sentence of sentences) {
        // sphinxbase histories run backwards: the word just before first.
        const history: number[] = [lib.wid(set, '<s>')];
        for (const word of [...dictionaryWords(sentence), '</s>']) {
          const id = lib.wid(set, word);
          if (id === unknown) {
            oov++;
            history.unshift(id);
            continue;
          }
          logSum += lib.score(set, id, new Int32Array(history.slice(0, 2)));
          counted++;
          history.unshift(id);
        }
      }
      // Scores are log base 1.0001: perplexity = base^(-mean score).
      perplexities.set(weight, counted === 0 ? Infinity : Math.pow(LOG_BASE, -logSum / counted));
    }
    return { perplexities, oov };
  } finally {
    lib.free(set);
  }
}
