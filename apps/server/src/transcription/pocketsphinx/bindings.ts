/**
 * FFI declarations for the Debian/Ubuntu pocketsphinx 0.8+5prealpha packages
 * (libpocketsphinx.so.3 + libsphinxbase.so.3). Signatures were checked against
 * /usr/include/pocketsphinx/pocketsphinx.h and
 * /usr/include/x86_64-linux-gnu/sphinxbase/{cmd_ln,logmath}.h.
 *
 * pocketsphinx 5.x merged sphinxbase and replaced cmd_ln with ps_config; it
 * ships a different soname, so it is reported as "not installed" here rather
 * than crashing on a missing symbol.
 *
 * Only worker threads import this module: every call blocks the calling
 * thread for as long as the native code runs.
 */
import koffi, { type IKoffiLib } from 'koffi';

import { TranscriptionError } from '../errors.ts';

/** Opaque native pointers; the brand keeps them from being mixed up. */
declare const brand: unique symbol;
type Handle<Name extends string> = { readonly [brand]: Name };

export type ArgDefinitions = Handle<'arg_t'>;
export type Config = Handle<'cmd_ln_t'>;
export type Decoder = Handle<'ps_decoder_t'>;
export type LogMath = Handle<'logmath_t'>;
export type SegmentIterator = Handle<'ps_seg_t'>;

/** Output parameters are passed as one-element arrays that koffi fills in. */
export type OutInt = [number];

export interface PocketsphinxBindings {
  /**
   * cmd_ln_init(NULL, ps_args(), TRUE, "-name", "value", ..., NULL), e.g.
   * `{ '-hmm': dir }`; null when an argument is rejected.
   */
  createConfig(args: Readonly<Record<string, string>>): Config | null;
  cmd_ln_free_r(config: Config): number;
  ps_init(config: Config): Decoder | null;
  ps_free(decoder: Decoder): number;
  ps_get_logmath(decoder: Decoder): LogMath;
  logmath_exp(logmath: LogMath, logValue: number): number;
  ps_start_stream(decoder: Decoder): number;
  ps_start_utt(decoder: Decoder): number;
  ps_process_raw(
    decoder: Decoder,
    data: Int16Array,
    samples: number,
    noSearch: number,
    fullUtt: number,
  ): number;
  /**
   * ps_process_raw on a thread of libuv's pool, so the calling thread stays free to watch
   * ps_get_n_frames while the engine works through the utterance.
   */
  ps_process_raw_async(
    decoder: Decoder,
    data: Int16Array,
    samples: number,
    noSearch: number,
    fullUtt: number,
  ): Promise<number>;
  /** Frames (10 ms) of the current utterance the search has gone through. */
  ps_get_n_frames(decoder: Decoder): number;
  ps_end_utt(decoder: Decoder): number;
  /**
   * The best hypothesis so far, also in the middle of an utterance (full_utt=0): words
   * separated by spaces, or null before any.
   */
  ps_get_hyp(decoder: Decoder, bestScore: OutInt): string | null;
  ps_seg_iter(decoder: Decoder): SegmentIterator | null;
  /** Frees the iterator and returns null at the end. */
  ps_seg_next(seg: SegmentIterator): SegmentIterator | null;
  ps_seg_word(seg: SegmentIterator): string;
  ps_seg_frames(seg: SegmentIterator, startFrame: OutInt, endFrame: OutInt): void;
  ps_seg_prob(seg: SegmentIterator, acoustic: OutInt, language: OutInt, backoff: OutInt): number;
  ps_seg_free(seg: SegmentIterator): void;
}

const POCKETSPHINX_LIBRARIES = ['libpocketsphinx.so.3', 'libpocketsphinx.so'];
const SPHINXBASE_LIBRARIES = ['libsphinxbase.so.3', 'libsphinxbase.so'];
const INSTALL_HINT =
  'The pocketsphinx engine is not installed: run `apt-get install pocketsphinx pocketsphinx-en-us`';

let cached: PocketsphinxBindings | undefined;

/** Loads the native libraries on first use; later calls return the same bindings. */
export function loadPocketsphinx(): PocketsphinxBindings {
  cached ??= bind();
  return cached;
}

function bind(): PocketsphinxBindings {
  const ps = openFirst(POCKETSPHINX_LIBRARIES);
  const sb = openFirst(SPHINXBASE_LIBRARIES);
  try {
    // Opaque types are registered once per thread; koffi rejects duplicates.
    koffi.opaque('arg_t');
    koffi.opaque('cmd_ln_t');
    koffi.opaque('ps_decoder_t');
    koffi.opaque('logmath_t');
    koffi.opaque('ps_seg_t');

    const cmdLnInit = sb.func(
      'cmd_ln_t *cmd_ln_init(cmd_ln_t *inout, const arg_t *defn, int32_t strict, ...)',
    );
    const psArgs = ps.func('const arg_t *ps_args(void)');
    const processRaw = ps.func(
      'int ps_process_raw(ps_decoder_t *ps, const int16_t *data, size_t n_samples, int no_search, int full_utt)',
    );

    return {
      createConfig(args) {
        // Variadic C arguments are passed to koffi as (type, value) pairs.
        const variadic: Array<string | null> = [];
        for (const [name, value] of Object.entries(args)) variadic.push('str', name, 'str', value);
        variadic.push('str', null);
        return cmdLnInit(null, psArgs(), 1, ...variadic);
      },
      cmd_ln_free_r: sb.func('int cmd_ln_free_r(cmd_ln_t *cmdln)'),
      ps_init: ps.func('ps_decoder_t *ps_init(cmd_ln_t *config)'),
      ps_free: ps.func('int ps_free(ps_decoder_t *ps)'),
      ps_get_logmath: ps.func('logmath_t *ps_get_logmath(ps_decoder_t *ps)'),
      logmath_exp: sb.func('double logmath_exp(logmath_t *lmath, int logb_p)'),
      ps_start_stream: ps.func('int ps_start_stream(ps_decoder_t *ps)'),
      ps_start_utt: ps.func('int ps_start_utt(ps_decoder_t *ps)'),
      ps_process_raw: processRaw,
      ps_process_raw_async: (decoder, data, samples, noSearch, fullUtt) =>
        new Promise<number>((resolve, reject) => {
          processRaw.async(decoder, data, samples, noSearch, fullUtt, (error: unknown, result: number) => {
            if (error) reject(error instanceof Error ? error : new Error(String(error)));
            else resolve(result);
          });
        }),
      ps_get_n_frames: ps.func('int ps_get_n_frames(ps_decoder_t *ps)'),
      ps_end_utt: ps.func('int ps_end_utt(ps_decoder_t *ps)'),
      ps_get_hyp: ps.func('const char *ps_get_hyp(ps_decoder_t *ps, _Out_ int32_t *out_best_score)'),
      ps_seg_iter: ps.func('ps_seg_t *ps_seg_iter(ps_decoder_t *ps)'),
      ps_seg_next: ps.func('ps_seg_t *ps_seg_next(ps_seg_t *seg)'),
      ps_seg_word: ps.func('const char *ps_seg_word(ps_seg_t *seg)'),
      ps_seg_frames: ps.func('void ps_seg_frames(ps_seg_t *seg, _Out_ int *out_sf, _Out_ int *out_ef)'),
      ps_seg_prob: ps.func(
        'int32_t ps_seg_prob(ps_seg_t *seg, _Out_ int32_t *out_ascr, _Out_ int32_t *out_lscr, _Out_ int32_t *out_lback)',
      ),
      ps_seg_free: ps.func('void ps_seg_free(ps_seg_t *seg)'),
    };
  } catch (error) {
    // A library with this soname but without these symbols is a build we do not know.
    throw new TranscriptionError(
      'engine_unavailable',
      `${INSTALL_HINT} (the installed library is not a compatible pocketsphinx 5prealpha build: ${errorText(error)})`,
      { cause: error },
    );
  }
}

function openFirst(names: readonly string[]): IKoffiLib {
  const failures: string[] = [];
  for (const name of names) {
    try {
      return koffi.load(name);
    } catch (error) {
      failures.push(errorText(error));
    }
  }
  throw new TranscriptionError('engine_unavailable', INSTALL_HINT, {
    cause: new Error(failures.join('; ')),
  });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
