/**
 * sphinxbase's own n-gram scoring, for checking our readers and the merged model against the
 * engine: a model read with ngram_model_read and scored with ngram_ng_score (lw 1, wip 1, so the
 * score is the model's log probability in the decoder's log base, truncated to an integer).
 */
import koffi from 'koffi';

export interface NativeLm {
  /** The engine's word id, or its unknown-word id. */
  wid(word: string): number;
  /** Score of `word` after `history` (oldest first), in log base 1.0001. */
  score(history: readonly number[], word: number): number;
  free(): void;
}

interface Bound {
  read: (config: null, path: string, type: number, logmath: unknown) => unknown;
  wid: (model: unknown, word: string) => number;
  score: (model: unknown, wid: number, history: Int32Array, n: number, used: number[]) => number;
  free: (model: unknown) => number;
  logmath: unknown;
}

let bound: Bound | undefined;

function bind(): Bound {
  const sb = koffi.load('libsphinxbase.so.3');
  const logmath = sb.func('void *logmath_init(double base, int shift, int use_table)')(
    1.0001,
    0,
    0,
  ) as unknown;
  const read = sb.func(
    'void *ngram_model_read(void *config, const char *file_name, int file_type, void *lmath)',
  );
  const wid = sb.func('int32_t ngram_wid(void *model, const char *word)');
  const score = sb.func(
    'int32_t ngram_ng_score(void *model, int32_t wid, int32_t *history, int32_t n_hist, _Out_ int32_t *n_used)',
  );
  const free = sb.func('int ngram_model_free(void *model)');
  return {
    read: (config, path, type, lmath) => read(config, path, type, lmath) as unknown,
    wid: (model, word) => wid(model, word) as number,
    score: (model, id, history, n, used) => score(model, id, history, n, used) as number,
    free: (model) => free(model) as number,
    logmath,
  };
}

export function openNativeLm(path: string): NativeLm {
  bound ??= bind();
  const lib = bound;
  const model = lib.read(null, path, 0, lib.logmath);
  if (!model) throw new Error(`sphinxbase could not read ${path}`);
  return {
    wid: (word) => lib.wid(model, word),
    // sphinxbase histories run backwards: the word just before first.
    score: (history, word) => lib.score(model, word, Int32Array.from(history).reverse(), history.length, [0]),
    free: () => void lib.free(model),
  };
}
