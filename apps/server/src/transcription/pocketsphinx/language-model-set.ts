/**
 * The few pocketsphinx/sphinxbase 5prealpha calls a per-person decoder needs beyond the engine's
 * bindings (bindings.ts): reading a language model, interpolating two of them (sphinxbase's
 * n-gram model set), installing it as the decoder's language model, and the best hypothesis
 * (ADR 0035; moved here from adaptation/decoding when the engine began opening them, ADR 0040).
 * Pointers are declared `void *` so these declarations do not clash with the engine's named
 * opaque types in the same thread.
 */
import koffi from 'koffi';

declare const brand: unique symbol;
export type LanguageModel = { readonly [brand]: 'ngram_model_t' };

/** Native handles from the engine's bindings (config, decoder, logmath) pass through as-is. */
type Native = object;

export interface AdaptationNative {
  /** ngram_model_read(config, path, NGRAM_AUTO, lmath). */
  readLanguageModel(config: Native, path: string, logmath: Native): LanguageModel | null;
  /** The decoder's language model for search `name` ("_default" is the -lm one). */
  getLanguageModel(decoder: Native, name: string): LanguageModel | null;
  /** ngram_model_set_init with weights: an interpolating set (weights sum to 1). */
  interpolate(
    config: Native,
    models: readonly LanguageModel[],
    names: readonly string[],
    weights: readonly number[],
  ): LanguageModel | null;
  /** Replaces search `name` with an n-gram search over `model`; the decoder keeps its own reference. */
  setLanguageModel(decoder: Native, name: string, model: LanguageModel): number;
  setSearch(decoder: Native, name: string): number;
  freeLanguageModel(model: LanguageModel): number;
  hypothesis(decoder: Native): string;
}

let cached: AdaptationNative | undefined;

export function loadAdaptationNative(): AdaptationNative {
  cached ??= bind();
  return cached;
}

function bind(): AdaptationNative {
  const ps = koffi.load('libpocketsphinx.so.3');
  const sb = koffi.load('libsphinxbase.so.3');
  const read = sb.func(
    'void *ngram_model_read(void *config, const char *file_name, int file_type, void *lmath)',
  );
  const setInit = sb.func(
    'void *ngram_model_set_init(void *config, void **models, const char **names, const float *weights, int32_t n_models)',
  );
  const free = sb.func('int ngram_model_free(void *model)');
  const getLm = ps.func('void *ps_get_lm(void *ps, const char *name)');
  const setLm = ps.func('int ps_set_lm(void *ps, const char *name, void *lm)');
  const setSearch = ps.func('int ps_set_search(void *ps, const char *name)');
  const getHyp = ps.func('const char *ps_get_hyp(void *ps, _Out_ int32_t *out_best_score)');
  return {
    readLanguageModel: (config, path, logmath) => read(config, path, 0, logmath) as LanguageModel | null,
    getLanguageModel: (decoder, name) => getLm(decoder, name) as LanguageModel | null,
    interpolate: (config, models, names, weights) =>
      setInit(
        config,
        [...models],
        [...names],
        new Float32Array(weights),
        models.length,
      ) as LanguageModel | null,
    setLanguageModel: (decoder, name, model) => setLm(decoder, name, model) as number,
    setSearch: (decoder, name) => setSearch(decoder, name) as number,
    freeLanguageModel: (model) => free(model) as number,
    hypothesis: (decoder) => (getHyp(decoder, [0]) as string | null) ?? '',
  };
}
