/**
 * Decodes the utterances of one live stream in order with the configured engine, one at a
 * time, and reports their words with times in the recording. While nothing waits and the
 * engine keeps up (real-time factor under MAX_PARTIAL_RTF), the utterance still being spoken is
 * decoded too, for partial words; a partial is dropped when finals have moved past it. On a
 * machine too busy for that, partials would only double the work and delay the finals. Each
 * utterance is decoded whole (pocketsphinx: one full_utt decode, exactly as the file decode
 * decodes the same utterance: ADR 0039).
 */
import { acceptsPcm, acceptsUtterances } from '../transcription/audio/pcm-transcriber.ts';
import { int16ToFloat } from '../transcription/audio/pcm.ts';
import { utteranceWords } from '../transcription/audio/utterance-words.ts';
import type { DecodeModel } from '../transcription/personal-model.ts';
import type { Transcriber, Transcript, TranscriptWord } from '../transcription/transcriber.ts';
import { LIVE_SAMPLE_RATE } from './live-protocol.ts';
import type { UtteranceDecoder, UtteranceDecoderEvents } from './utterance-decoder.ts';
import type { Utterance, UtteranceEndpointer } from '../transcription/audio/utterance-endpointer.ts';

/** Partials are decoded only while decoding takes less than this share of the audio's length. */
const MAX_PARTIAL_RTF = 1;
/** The utterance in progress is decoded for partial words after this much more audio. */
const PARTIAL_EVERY_SECONDS = 0.3;

export class LiveDecoder implements UtteranceDecoder {
  readonly #engine: Transcriber;
  readonly #events: UtteranceDecoderEvents;
  readonly #abort = new AbortController();
  readonly #words: TranscriptWord[] = [];
  #chain: Promise<void> = Promise.resolve();
  #waiting = 0;
  #lagSamples = 0;
  /** Recording position up to which finals were decoded (or queued). */
  #finalEnd = 0;
  #partialRunning = false;
  /** Decoding time over audio length, smoothed over the last decodes. */
  #rtf = 0.3;
  #failure: unknown;
  #partialAt = 0;

  readonly #model: DecodeModel | undefined;

  constructor(engine: Transcriber, events: UtteranceDecoderEvents, model?: DecodeModel) {
    this.#engine = engine;
    this.#events = events;
    this.#model = model;
  }

  /** Every final word so far, in order. */
  get words(): readonly TranscriptWord[] {
    return this.#words;
  }

  get failure(): unknown {
    return this.#failure;
  }

  /** Every PARTIAL_EVERY_SECONDS of audio, the utterance being spoken is decoded for partials. */
  pushed(endpointer: UtteranceEndpointer, partials: boolean): void {
    const held = endpointer.committed();
    if (!held) return;
    const position = held.from + held.pcm.length;
    if (position - this.#partialAt < PARTIAL_EVERY_SECONDS * LIVE_SAMPLE_RATE) return;
    this.#partialAt = position;
    const current = endpointer.current();
    if (partials && current) this.partial(current);
  }

  final(utterance: Utterance): void {
    this.#waiting++;
    this.#lagSamples += utterance.pcm.length;
    this.#finalEnd = utterance.start + utterance.pcm.length;
    this.#events.backlog(this.#lagSamples);
    this.#chain = this.#chain.then(async () => {
      try {
        if (this.#failure === undefined) {
          const words = await this.#decode(utterance);
          this.#words.push(...words);
          this.#events.final(words);
        }
      } catch (error) {
        this.#failure ??= error;
      } finally {
        this.#waiting--;
        this.#lagSamples -= utterance.pcm.length;
        this.#events.backlog(this.#lagSamples);
      }
    });
  }

  /** Decodes the utterance in progress for partial words, unless the engine has work waiting. */
  partial(utterance: Utterance): void {
    if (this.#waiting > 0 || this.#partialRunning || this.#failure !== undefined) return;
    if (this.#rtf > MAX_PARTIAL_RTF) return;
    this.#partialRunning = true;
    this.#chain = this.#chain.then(async () => {
      try {
        // A final queued meanwhile (an utterance ended, or Stop) goes first: this partial is stale.
        if (this.#waiting > 0) return;
        const words = await this.#decode(utterance);
        // Finals already cover this audio: the partial would only flicker.
        if (utterance.from >= this.#finalEnd && words.length > 0) this.#events.partial(words);
      } catch {
        // A partial is a preview; the final decode of the same audio reports any failure.
      } finally {
        this.#partialRunning = false;
      }
    });
  }

  /** Resolves once every utterance handed over is decoded; throws the first failure. */
  async drain(): Promise<readonly TranscriptWord[]> {
    await this.#chain;
    if (this.#failure !== undefined) throw this.#failure;
    return this.#words;
  }

  /** Stops decoding (the stream is being thrown away). */
  cancel(): void {
    this.#abort.abort(new Error('The live stream ended.'));
  }

  async #decode(utterance: Utterance): Promise<TranscriptWord[]> {
    const signal = this.#abort.signal;
    const { pcm } = utterance;
    const began = performance.now();
    const words = acceptsUtterances(this.#engine)
      ? await this.#engine.transcribeUtterance(utterance, signal, this.#model)
      : utteranceWords(
          utterance,
          (await this.#transcribe(pcm, signal)).segments.flatMap((s) => s.words),
        );
    const rtf = (performance.now() - began) / 1000 / (pcm.length / LIVE_SAMPLE_RATE);
    this.#rtf = 0.7 * this.#rtf + 0.3 * rtf;
    return words;
  }

  #transcribe(pcm: Int16Array, signal: AbortSignal): Promise<Transcript> {
    return acceptsPcm(this.#engine)
      ? this.#engine.transcribePcm({ pcm, chunks: [{ start: 0, end: pcm.length }], signal })
      : this.#engine.transcribe({ samples: int16ToFloat(pcm), sampleRate: LIVE_SAMPLE_RATE, signal });
  }
}
