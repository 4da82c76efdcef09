/**
 * A decoder for one person: the stock or MAP-adapted acoustic model, an optional MLLR transform,
 * the person's dictionary, and their merged language model (stock and personal mixed into one
 * file at build time), or else the stock language model interpolated at run time with the
 * person's own (sphinxbase n-gram model set). Opened through the
 * engine's bindings (createConfig/ps_init); decodes a clip as one utterance like the engine does.
 * Not thread-safe; blocks the calling thread while it decodes (use a worker in the product).
 */
import { loadPocketsphinx } from '../../transcription/pocketsphinx/bindings.ts';
import { AdaptationError } from '../errors.ts';
import { loadAdaptationNative } from './native.ts';

export interface PersonalModel {
  /** Acoustic model directory: stock, or a MAP-adapted copy. */
  hmm: string;
  /** MLLR transform from mllr_solve, or none. */
  mllr?: string;
  /** The stock language model. */
  lm: string;
  /** Stock dictionary plus the person's words. */
  dict: string;
  /** The person's ARPA model and its interpolation weight (0..1), or none. */
  personalLm?: { path: string; weight: number };
  /** Stock and personal mixed into one binary model: opened as `-lm`, no model set. */
  mergedLm?: string;
}

const DEFAULT_SEARCH = '_default';

export class PersonalDecoder {
  readonly #close: () => void;
  readonly #decode: (pcm: Int16Array) => string;
  #closed = false;

  private constructor(decode: (pcm: Int16Array) => string, close: () => void) {
    this.#decode = decode;
    this.#close = close;
  }

  static open(model: PersonalModel): PersonalDecoder {
    const native = loadPocketsphinx();
    const extra = loadAdaptationNative();
    const config = native.createConfig({
      '-hmm': model.hmm,
      '-lm': model.mergedLm ?? model.lm,
      '-dict': model.dict,
      ...(model.mllr ? { '-mllr': model.mllr } : {}),
      '-logfn': '/dev/null',
      '-remove_silence': 'no',
    });
    if (!config)
      throw new AdaptationError('model_unreadable', 'pocketsphinx rejected the personal model settings.');
    const decoder = native.ps_init(config);
    if (!decoder) {
      native.cmd_ln_free_r(config);
      throw new AdaptationError(
        'model_unreadable',
        `pocketsphinx could not load the personal model (${model.hmm}${model.mllr ? ` with ${model.mllr}` : ''}).`,
      );
    }
    const fail = (message: string): never => {
      native.ps_free(decoder);
      native.cmd_ln_free_r(config);
      throw new AdaptationError('model_unreadable', message);
    };
    // The combined LM replaces the stock one after the decoder opened with it, so for a moment two
    // full-vocabulary searches exist (peak +54 MB over stock; ADR 0035). Opening with the
    // personal LM first and reading the stock one afterwards lowered the peak to +34 MB but took
    // 28 s instead of about 2 s to open (cause not found at the time), so it is not used.
    if (model.personalLm && !model.mergedLm) {
      const { path, weight } = model.personalLm;
      if (!(weight > 0 && weight < 1))
        fail(`The personal language model weight must be between 0 and 1, not ${weight}.`);
      const stock = extra.getLanguageModel(decoder, DEFAULT_SEARCH);
      const personal = extra.readLanguageModel(config, path, native.ps_get_logmath(decoder));
      if (!stock || !personal) return fail(`The personal language model ${path} could not be read.`);
      const set = extra.interpolate(config, [stock, personal], ['stock', 'personal'], [1 - weight, weight]);
      extra.freeLanguageModel(personal);
      if (!set) return fail('The stock and personal language models could not be combined.');
      const installed = extra.setLanguageModel(decoder, DEFAULT_SEARCH, set) >= 0;
      extra.freeLanguageModel(set);
      if (!installed || extra.setSearch(decoder, DEFAULT_SEARCH) < 0) {
        fail('The decoder did not accept the combined language model.');
      }
    }
    const decode = (pcm: Int16Array): string => {
      if (native.ps_start_stream(decoder) < 0 || native.ps_start_utt(decoder) < 0) {
        throw new AdaptationError('tool_failed', 'pocketsphinx could not start decoding.');
      }
      const processed = native.ps_process_raw(decoder, pcm, pcm.length, 0, 1);
      const ended = native.ps_end_utt(decoder);
      if (processed < 0 || ended < 0)
        throw new AdaptationError('tool_failed', 'pocketsphinx failed while decoding.');
      return extra.hypothesis(decoder);
    };
    return new PersonalDecoder(decode, () => {
      native.ps_free(decoder);
      native.cmd_ln_free_r(config);
    });
  }

  /** The best hypothesis for 16 kHz mono PCM decoded as one utterance. */
  decode(pcm: Int16Array): string {
    if (this.#closed) throw new AdaptationError('tool_failed', 'The decoder was closed.');
    return this.#decode(pcm);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#close();
  }
}
