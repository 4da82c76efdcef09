/**
 * The words of a live stream as it arrives: its 16 kHz samples are counted, cut into
 * utterances and decoded as they come (final words), with partial words of the utterance in
 * progress: incrementally on the stream's own decoder thread when it has one (pocketsphinx,
 * incremental-decoder.ts), else utterance by utterance with the process's engine
 * (live-decoder.ts). Reading the socket is held while too much audio waits to be decoded; how
 * far decoding is behind is told as lag notices (lag-notice.ts).
 */
import type { StreamLease } from '../transcription/pocketsphinx/stream-lease.ts';
import type { DecodeModel } from '../transcription/personal-model.ts';
import type { Transcriber, TranscriptWord } from '../transcription/transcriber.ts';
import { IncrementalDecoder } from './incremental-decoder.ts';
import { LagNotice } from './lag-notice.ts';
import { LiveDecoder } from './live-decoder.ts';
import { LIVE_SAMPLE_RATE } from './live-protocol.ts';
import type { UtteranceDecoder, UtteranceDecoderEvents } from './utterance-decoder.ts';
import { UtteranceEndpointer } from '../transcription/audio/utterance-endpointer.ts';

/** Reading pauses while this much audio waits to be decoded, and resumes below half of it. */
const MAX_LAG_SECONDS = 8;

export interface LiveTranscriptEvents {
  final: (words: TranscriptWord[]) => void;
  partial: (words: TranscriptWord[]) => void;
  /** Seconds decoding is behind the audio (a lag notice: when it starts, moves, and ends at 0). */
  lag: (seconds: number) => void;
  /** True: too much audio waits to be decoded, stop reading; false: read again. */
  hold: (held: boolean) => void;
}

/** What decodes the stream: the process's engine, and the stream's own decoder thread if any. */
export interface LiveDecoding {
  engine: Transcriber;
  stream?: StreamLease | undefined;
  /**
   * The owner's build (ADR 0040): the finals and the engine's partials use it; the partials of
   * a stream's own decoder thread stay stock (a preview; its final replaces it).
   */
  model?: DecodeModel | undefined;
}

export class LiveTranscript {
  readonly #decoder: UtteranceDecoder;
  readonly #endpointer: UtteranceEndpointer;
  #samples = 0;

  constructor(decoding: LiveDecoding, events: LiveTranscriptEvents) {
    const limit = MAX_LAG_SECONDS * LIVE_SAMPLE_RATE;
    const lag = new LagNotice(events.lag);
    const decoderEvents: UtteranceDecoderEvents = {
      final: events.final,
      partial: events.partial,
      backlog: (samples) => {
        if (samples > limit) events.hold(true);
        else if (samples < limit / 2) events.hold(false);
      },
      lag: (seconds) => lag.update(seconds),
    };
    this.#decoder = decoding.stream
      ? new IncrementalDecoder(decoding.stream, decoding.engine, decoderEvents, decoding.model)
      : new LiveDecoder(decoding.engine, decoderEvents, decoding.model);
    this.#endpointer = new UtteranceEndpointer((utterance) => this.#decoder.final(utterance));
  }

  /** 16 kHz samples taken so far. */
  get samples(): number {
    return this.#samples;
  }

  /** Seconds of audio with `more` samples added. */
  secondsWith(more: number): number {
    return (this.#samples + more) / LIVE_SAMPLE_RATE;
  }

  /** Takes samples; while `partials`, the utterance in progress is decoded for partial words. */
  push(pcm: Int16Array, partials: boolean): void {
    this.#samples += pcm.length;
    this.#endpointer.push(pcm);
    this.#decoder.pushed(this.#endpointer, partials);
  }

  /** No more audio: every word, once the last utterance is decoded. Rejects when decoding failed. */
  words(): Promise<readonly TranscriptWord[]> {
    this.#endpointer.flush();
    return this.#decoder.drain();
  }

  cancel(): void {
    this.#decoder.cancel();
  }
}
