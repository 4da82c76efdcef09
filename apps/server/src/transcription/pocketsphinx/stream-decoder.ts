/**
 * Incremental decoding of one live stream with one native pocketsphinx decoder: audio is fed
 * as it arrives (ps_process_raw with full_utt=0), so a partial hypothesis costs only the new
 * audio, and each utterance ends with ps_end_utt where the endpointer cut it.
 *
 * The decoder keeps its cepstral mean (live CMN) from one utterance to the next within the
 * stream: fed in blocks, pocketsphinx cannot normalise over a whole utterance it has not seen,
 * so it subtracts the mean of what it heard before. For the stream's first utterance that mean
 * is the model's generic starting value, which costs words (ADR 0031: WER 15.7% for a fresh
 * decoder fed in blocks); so the first utterance is decoded a second time at its end, with the
 * mean learnt from it, and only that second pass gives its final words. Partials of the first
 * utterance come from the first pass.
 *
 * A decoder serves one stream for its life and is then freed: the mean it learnt belongs to
 * that speaker and room, and a fresh decoder makes the same audio give the same words.
 *
 * Not thread-safe and blocking: only a worker thread (stream-worker.ts) uses it.
 */
import { TranscriptionError } from '../errors.ts';
import type { TranscriptWord } from '../transcriber.ts';
import type { Config, Decoder, LogMath, PocketsphinxBindings } from './bindings.ts';
import { openNative, SAMPLE_RATE, segmentWords } from './decoder.ts';
import type { ModelPaths } from './model.ts';

export interface StreamDecoderOptions {
  /**
   * 1 = full speed. Above 1, every native call is followed by a pause of (slowdown - 1) times
   * its own duration, as if the engine ran that much slower (benches and tests of lag only).
   */
  slowdown?: number;
  /** False: no second pass of the first utterance (ADR 0031 measures both). Default true. */
  secondPass?: boolean;
}

export class StreamDecoder {
  readonly #native: PocketsphinxBindings;
  readonly #config: Config;
  readonly #decoder: Decoder;
  readonly #logmath: LogMath;
  readonly #slowdown: number;
  readonly #sleeper = new Int32Array(new SharedArrayBuffer(4));
  #open = false;
  #closed = false;
  /** Samples fed to the open utterance. */
  #fed = 0;
  /** The first utterance's samples, kept for its second pass; undefined after it. */
  #first: Int16Array[] | undefined = [];
  #lastHypothesis: string | null = null;

  private constructor(
    native: PocketsphinxBindings,
    config: Config,
    decoder: Decoder,
    options: StreamDecoderOptions,
  ) {
    this.#native = native;
    this.#config = config;
    this.#decoder = decoder;
    this.#logmath = native.ps_get_logmath(decoder);
    this.#slowdown = Math.max(1, options.slowdown ?? 1);
    if (options.secondPass === false) this.#first = undefined;
  }

  /** Loads the model (~0.3 s for en-us, longer on a busy machine). Throws TranscriptionError. */
  static open(model: ModelPaths, options: StreamDecoderOptions = {}): StreamDecoder {
    const { native, config, decoder } = openNative(model);
    return new StreamDecoder(native, config, decoder, options);
  }

  /** Samples fed to the utterance in progress (0 when none is open). */
  get fed(): number {
    return this.#fed;
  }

  /** Feeds samples of the utterance in progress, starting one when none is open. */
  feed(pcm: Int16Array): void {
    this.#check();
    if (!this.#open) this.#begin();
    if (pcm.length === 0) return;
    this.#first?.push(pcm.slice());
    this.#fed += pcm.length;
    this.#timed(() => this.#process(pcm));
  }

  /**
   * The best words so far of the utterance in progress (times from its first sample), or
   * undefined when the hypothesis has not changed since the last call.
   */
  partial(): TranscriptWord[] | undefined {
    this.#check();
    if (!this.#open) return undefined;
    const hypothesis = this.#native.ps_get_hyp(this.#decoder, [0]);
    if (hypothesis === this.#lastHypothesis) return undefined;
    this.#lastHypothesis = hypothesis;
    return segmentWords(this.#native, this.#decoder, this.#logmath, this.#fed / SAMPLE_RATE);
  }

  /** Ends the utterance in progress: its final words (times from its first sample). */
  end(): TranscriptWord[] {
    this.#check();
    if (!this.#open) return [];
    const duration = this.#fed / SAMPLE_RATE;
    this.#timed(() => this.#endUtterance());
    const first = this.#first;
    this.#first = undefined;
    if (first) {
      // Second pass of the first utterance, now with the mean learnt from it.
      this.#begin();
      for (const pcm of first) this.#timed(() => this.#process(pcm));
      this.#timed(() => this.#endUtterance());
    }
    this.#fed = 0;
    return segmentWords(this.#native, this.#decoder, this.#logmath, duration);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#open) this.#native.ps_end_utt(this.#decoder);
    this.#native.ps_free(this.#decoder);
    this.#native.cmd_ln_free_r(this.#config);
  }

  #begin(): void {
    // A new stream makes frame numbers count from this utterance's first sample again (it
    // does not reset the cepstral mean, which carries over on purpose).
    if (this.#native.ps_start_stream(this.#decoder) < 0 || this.#native.ps_start_utt(this.#decoder) < 0) {
      throw new TranscriptionError('decode_failed', 'pocketsphinx could not start decoding.');
    }
    this.#open = true;
    this.#lastHypothesis = null;
  }

  #process(pcm: Int16Array): void {
    if (this.#native.ps_process_raw(this.#decoder, pcm, pcm.length, 0, 0) < 0) {
      throw new TranscriptionError('decode_failed', 'pocketsphinx failed while decoding the audio.');
    }
  }

  #endUtterance(): void {
    this.#open = false;
    if (this.#native.ps_end_utt(this.#decoder) < 0) {
      throw new TranscriptionError('decode_failed', 'pocketsphinx failed while ending an utterance.');
    }
  }

  /** Runs a native call; when slowed, then waits (slowdown - 1) times as long. */
  #timed(call: () => void): void {
    const began = performance.now();
    call();
    if (this.#slowdown > 1) {
      const pause = (performance.now() - began) * (this.#slowdown - 1);
      Atomics.wait(this.#sleeper, 0, 0, pause);
    }
  }

  #check(): void {
    if (this.#closed) throw new TranscriptionError('closed', 'The decoder was closed.');
  }
}
