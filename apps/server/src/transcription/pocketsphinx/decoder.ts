/**
 * Owns one native pocketsphinx decoder and turns 16 kHz PCM into timed words.
 * Not thread-safe: use it from a worker thread, one decode at a time (await each).
 */
import { TranscriptionError } from '../errors.ts';
import type { TranscriptWord } from '../transcriber.ts';
import {
  type Config,
  type Decoder,
  type LogMath,
  type OutInt,
  type PocketsphinxBindings,
  loadPocketsphinx,
} from './bindings.ts';
import { loadAdaptationNative } from './language-model-set.ts';
import type { PersonalModelPaths } from '../personal-model.ts';
import type { ModelPaths } from './model.ts';
import { spokenWord } from './tokens.ts';
import { NO_WRITTEN_FORMS, readWrittenForms, type WrittenForms, writtenWords } from './written-forms.ts';

export const SAMPLE_RATE = 16000;
/** Segment frame numbers are in 10 ms steps (the model's -frate). */
const FRAMES_PER_SECOND = 100;
/** Below ~10 frames there is nothing to recognise, and the search only logs errors. */
const MIN_SAMPLES = SAMPLE_RATE / 10;

export class PocketsphinxDecoder {
  readonly #native: PocketsphinxBindings;
  readonly #config: Config;
  readonly #decoder: Decoder;
  readonly #logmath: LogMath;
  readonly #written: WrittenForms;
  #closed = false;

  private constructor(
    native: PocketsphinxBindings,
    config: Config,
    decoder: Decoder,
    written: WrittenForms = NO_WRITTEN_FORMS,
  ) {
    this.#native = native;
    this.#config = config;
    this.#decoder = decoder;
    this.#logmath = native.ps_get_logmath(decoder);
    this.#written = written;
  }

  /** Loads the model (~0.3 s for en-us). Throws TranscriptionError. */
  static open(model: ModelPaths): PocketsphinxDecoder {
    const { native, config, decoder } = openNative(model);
    return new PocketsphinxDecoder(native, config, decoder);
  }

  /**
   * A decoder on one person's build (ADR 0040): their acoustic model, dictionary and optional
   * MLLR transform, and their merged language model, or (builds without one) the stock language
   * model `stock.lm` interpolated with theirs at run time. Their words come back as they write
   * them (written-forms.ts).
   */
  static openPersonal(stock: ModelPaths, personal: PersonalModelPaths): PocketsphinxDecoder {
    const written = personal.writtenForms ? readWrittenForms(personal.writtenForms) : NO_WRITTEN_FORMS;
    // With a personal LM the decoder opens with no language model at all, and its only search is
    // made once, on the combined model: opened on the stock LM first, pocketsphinx built a
    // full-vocabulary search that the combined one then replaced, and the memory of the first
    // stayed with the process (+55 MiB a decoder; bench/adapt/decoder-cost.ts).
    // A merged model is one language model like the stock one: opened with -lm, no model set, so
    // each lookup scores one model (ADR 0040, session 17).
    const interpolated = personal.mergedLm ? undefined : personal.personalLm;
    const lm = personal.mergedLm ?? (interpolated ? undefined : stock.lm);
    const { native, config, decoder } = openNative({
      hmm: personal.hmm,
      ...(lm ? { lm } : {}),
      dict: personal.dict,
      ...(personal.mllr ? { mllr: personal.mllr } : {}),
    });
    try {
      if (interpolated) interpolate(native, config, decoder, stock.lm, interpolated);
    } catch (error) {
      native.ps_free(decoder);
      native.cmd_ln_free_r(config);
      throw error;
    }
    return new PocketsphinxDecoder(native, config, decoder, written);
  }

  /**
   * Decodes `pcm` (16 kHz mono) as one utterance. Word times are seconds from
   * the first sample of `pcm`. `onProgress` hears, every `progressMs`, how much of the
   * utterance (0..1) the search has gone through: the engine's own position, read while it
   * works on another thread.
   */
  async decode(
    pcm: Int16Array,
    onProgress?: (fraction: number) => void,
    progressMs = 250,
  ): Promise<TranscriptWord[]> {
    if (this.#closed) throw new TranscriptionError('closed', 'The decoder was closed.');
    if (pcm.length < MIN_SAMPLES) return [];

    const native = this.#native;
    const decoder = this.#decoder;
    // A new stream resets what the front end learnt about the channel (its noise estimate)
    // from earlier audio: otherwise a transcript depended on what this worker decoded
    // before, possibly another person's recording (one word in 324 of the WER bench).
    if (native.ps_start_stream(decoder) < 0 || native.ps_start_utt(decoder) < 0) {
      throw new TranscriptionError('decode_failed', 'pocketsphinx could not start decoding.');
    }
    let processed = -1;
    const frames = Math.max(1, Math.floor(pcm.length / (SAMPLE_RATE / FRAMES_PER_SECOND)));
    const watch = onProgress
      ? setInterval(() => {
          if (!this.#closed) onProgress(Math.min(1, native.ps_get_n_frames(decoder) / frames));
        }, progressMs)
      : undefined;
    try {
      // full_utt=1 lets pocketsphinx normalise the features over the whole
      // utterance (batch CMN). Fed in 1 s blocks with full_utt=0 it adapts
      // the normalisation as it goes and carries it over from the previous
      // recording, so results depend on what the worker decoded before.
      // Measured on 47 clips (librivox, cards, goforward, 32 flite clips):
      //   full_utt=1:                     WER 9.8%, same result every time
      //   1 s blocks, warm decoder:       WER 8.6% or 9.8% depending on file order
      //   1 s blocks, fresh decoder each: WER 15.7%
      // Progress is read from the search's frame count meanwhile (see above).
      processed = await native.ps_process_raw_async(decoder, pcm, pcm.length, 0, 1);
    } finally {
      clearInterval(watch);
      const ended = native.ps_end_utt(decoder);
      if (processed >= 0 && ended < 0) processed = -1;
    }
    if (processed < 0) {
      throw new TranscriptionError('decode_failed', 'pocketsphinx failed while decoding the audio.');
    }
    return this.#words(pcm.length / SAMPLE_RATE);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#native.ps_free(this.#decoder);
    this.#native.cmd_ln_free_r(this.#config);
  }

  #words(durationSeconds: number): TranscriptWord[] {
    return segmentWords(this.#native, this.#decoder, this.#logmath, durationSeconds, this.#written);
  }
}

/** A native decoder with our configuration (see the comments inside); the caller frees it. */
export function openNative(model: Omit<ModelPaths, 'lm'> & { lm?: string; mllr?: string }): {
  native: PocketsphinxBindings;
  config: Config;
  decoder: Decoder;
} {
  const native = loadPocketsphinx();
  const config = native.createConfig({
    '-hmm': model.hmm,
    ...(model.lm ? { '-lm': model.lm } : {}),
    '-dict': model.dict,
    ...(model.mllr ? { '-mllr': model.mllr } : {}),
    // The engine's chatter would go to the server's stderr; errors that matter
    // surface as return codes.
    '-logfn': '/dev/null',
    // With the default voice-activity filter, silent frames are dropped
    // before the search, and segment frame numbers then count only the
    // frames that were kept: a word said after a 3 s pause was reported at
    // 0.59 s instead of 3.46 s. Keeping all frames costs a little accuracy on
    // our test set (WER 9.1% → 9.8%) but makes word timings true to the audio.
    '-remove_silence': 'no',
  });
  if (!config) {
    throw new TranscriptionError('engine_unavailable', 'pocketsphinx rejected its configuration.');
  }
  const decoder = native.ps_init(config);
  if (!decoder) {
    native.cmd_ln_free_r(config);
    throw new TranscriptionError(
      'model_missing',
      `pocketsphinx could not load the model in ${model.hmm}; reinstall it with \`apt-get install --reinstall pocketsphinx-en-us\``,
    );
  }
  return { native, config, decoder };
}

/** The search that -lm opens. */
const DEFAULT_SEARCH = '_default';

/**
 * Gives a decoder opened without a language model the stock one (`stockLm`) interpolated with
 * the person's at run time (sphinxbase's n-gram model set; ADR 0035 measured it and why no
 * merged file is built).
 */
function interpolate(
  native: PocketsphinxBindings,
  config: Config,
  decoder: Decoder,
  stockLm: string,
  personalLm: { path: string; weight: number },
): void {
  const extra = loadAdaptationNative();
  const { path, weight } = personalLm;
  const fail = (message: string): never => {
    throw new TranscriptionError('model_missing', message);
  };
  if (!(weight > 0 && weight < 1))
    fail(`The personal language model weight must be between 0 and 1, not ${weight}.`);
  const logmath = native.ps_get_logmath(decoder);
  const stock = extra.readLanguageModel(config, stockLm, logmath);
  if (!stock) return fail(`The stock language model ${stockLm} could not be read.`);
  const personal = extra.readLanguageModel(config, path, logmath);
  if (!personal) {
    extra.freeLanguageModel(stock);
    return fail(`The personal language model ${path} could not be read.`);
  }
  const set = extra.interpolate(config, [stock, personal], ['stock', 'personal'], [1 - weight, weight]);
  // The set holds its own references to both.
  extra.freeLanguageModel(stock);
  extra.freeLanguageModel(personal);
  if (!set) return fail('The stock and personal language models could not be combined.');
  const installed = extra.setLanguageModel(decoder, DEFAULT_SEARCH, set) >= 0;
  extra.freeLanguageModel(set);
  if (!installed || extra.setSearch(decoder, DEFAULT_SEARCH) < 0) {
    fail('The decoder did not accept the combined language model.');
  }
}

/**
 * The words of the current utterance with their times (seconds from the utterance's first
 * sample, at most `durationSeconds`), a person's own words spelt as in `written`. Also works
 * mid-utterance (full_utt=0): the best path so far.
 */
export function segmentWords(
  native: PocketsphinxBindings,
  decoder: Decoder,
  logmath: LogMath,
  durationSeconds: number,
  written: WrittenForms = NO_WRITTEN_FORMS,
): TranscriptWord[] {
  const words: TranscriptWord[] = [];
  const startFrame: OutInt = [0];
  const endFrame: OutInt = [0];
  const unused: [OutInt, OutInt, OutInt] = [[0], [0], [0]];
  let seg = native.ps_seg_iter(decoder);
  try {
    while (seg) {
      const word = spokenWord(native.ps_seg_word(seg));
      if (word) {
        native.ps_seg_frames(seg, startFrame, endFrame);
        const logPosterior = native.ps_seg_prob(seg, ...unused);
        // End frames are inclusive.
        const start = Math.min(startFrame[0] / FRAMES_PER_SECOND, durationSeconds);
        const end = Math.min(Math.max((endFrame[0] + 1) / FRAMES_PER_SECOND, start), durationSeconds);
        const confidence = native.logmath_exp(logmath, logPosterior);
        const sure = Number.isFinite(confidence) ? clamp01(confidence) : 0;
        for (const part of phraseWords(word, start, end, written)) words.push({ ...part, confidence: sure });
      }
      seg = native.ps_seg_next(seg);
    }
  } finally {
    // ps_seg_next frees the iterator when it reaches the end; free it
    // ourselves only if we left the loop early.
    if (seg) native.ps_seg_free(seg);
  }
  return words;
}

/**
 * A vocabulary phrase is one dictionary word joined with "_" ("sao_paulo", ADR 0036); it becomes
 * its written words ("São", "Paulo" when `written` has its spelling), the phrase's time shared
 * out by their length, so search, highlighting and the word timeline see ordinary words
 * (ADR 0040). Other words come back as they are, or as `written` spells them.
 */
export function phraseWords(
  token: string,
  start: number,
  end: number,
  written: WrittenForms = NO_WRITTEN_FORMS,
): Array<{ word: string; start: number; end: number }> {
  const parts = writtenWords(token, written);
  if (parts.length <= 1) return [{ word: parts[0] ?? token, start, end }];
  const letters = parts.reduce((total, part) => total + part.length, 0);
  const out: Array<{ word: string; start: number; end: number }> = [];
  let at = start;
  let seen = 0;
  for (const part of parts) {
    seen += part.length;
    // Times stay on the 10 ms frame grid the engine reports.
    const to = Math.round((start + ((end - start) * seen) / letters) * FRAMES_PER_SECOND) / FRAMES_PER_SECOND;
    out.push({ word: part, start: at, end: Math.max(at, to) });
    at = Math.max(at, to);
  }
  return out;
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
