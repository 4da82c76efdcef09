/**
 * The words of a live stream as it arrives: its 16 kHz samples are counted, cut into
 * utterances and decoded as they come (final words), and the utterance in progress is decoded
 * now and then for partial words. Reading the socket is held while too much audio waits to be
 * decoded.
 */
import type { Transcriber, TranscriptWord } from '../transcription/transcriber.ts';
import { LiveDecoder } from './live-decoder.ts';
import { LIVE_SAMPLE_RATE } from './live-protocol.ts';
import { UtteranceEndpointer } from './utterance-endpointer.ts';

/** Reading pauses while this much audio waits to be decoded, and resumes below half of it. */
const MAX_LAG_SECONDS = 8;
/** The utterance in progress is decoded for partial words after this much more audio. */
const PARTIAL_EVERY_SECONDS = 0.3;

export interface LiveTranscriptEvents {
  final: (words: TranscriptWord[]) => void;
  partial: (words: TranscriptWord[]) => void;
  /** True: too much audio waits to be decoded, stop reading; false: read again. */
  hold: (held: boolean) => void;
}

export class LiveTranscript {
  readonly #decoder: LiveDecoder;
  readonly #endpointer: UtteranceEndpointer;
  #samples = 0;
  #sinceCurrent = 0;

  constructor(engine: Transcriber, events: LiveTranscriptEvents) {
    const limit = MAX_LAG_SECONDS * LIVE_SAMPLE_RATE;
    this.#decoder = new LiveDecoder(engine, {
      final: events.final,
      partial: events.partial,
      lag: (samples) => {
        if (samples > limit) events.hold(true);
        else if (samples < limit / 2) events.hold(false);
      },
    });
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
    this.#sinceCurrent += pcm.length;
    if (partials && this.#sinceCurrent >= PARTIAL_EVERY_SECONDS * LIVE_SAMPLE_RATE) {
      this.#sinceCurrent = 0;
      const current = this.#endpointer.current();
      if (current) this.#decoder.partial(current);
    }
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
