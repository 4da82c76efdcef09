/**
 * Decodes a live stream's partial words incrementally on the stream's own pocketsphinx decoder
 * thread (transcription/pocketsphinx/stream-lease.ts): after every push, what the endpointer
 * has committed to the utterance being spoken and was not sent yet goes to the thread, which
 * answers with the words of the utterance so far, so a partial costs only the new audio. When
 * the endpointer cuts, the thread ends its utterance, and the final words are made as the file
 * decode makes them: one full-utterance decode (batch CMN) by the process's engine
 * (live-decoder.ts), which keeps the live transcript equal to the file decode (ADR 0031: the
 * incremental decoder's own finals differed by 3 words in 35 on the live test's recording).
 *
 * Every sample is decoded, in order; the thread skips partials while it is behind, never
 * finals. A partial of an utterance whose final was already asked for is dropped (it would
 * only flicker).
 */
import type { StreamLease } from '../transcription/pocketsphinx/stream-lease.ts';
import type { DecodeModel } from '../transcription/personal-model.ts';
import type { Transcriber, TranscriptWord } from '../transcription/transcriber.ts';
import { LiveDecoder } from './live-decoder.ts';
import { LIVE_SAMPLE_RATE } from './live-protocol.ts';
import type { UtteranceDecoder, UtteranceDecoderEvents } from './utterance-decoder.ts';
import type { Utterance, UtteranceEndpointer } from '../transcription/audio/utterance-endpointer.ts';

export class IncrementalDecoder implements UtteranceDecoder {
  readonly #lease: StreamLease;
  readonly #finals: LiveDecoder;
  /** Recording position of the utterance being fed, or -1. */
  #openFrom = -1;
  /** Its samples sent so far. */
  #fed = 0;
  /** Start of the last utterance whose final was asked for. */
  #lastCut = -1;
  #streamBacklog = 0;
  #finalBacklog = 0;

  constructor(lease: StreamLease, engine: Transcriber, events: UtteranceDecoderEvents, model?: DecodeModel) {
    this.#lease = lease;
    // Both decode the same audio side by side: what waits is the larger of the two, not their sum.
    const backlog = (): void => events.backlog(Math.max(this.#streamBacklog, this.#finalBacklog));
    this.#finals = new LiveDecoder(
      engine,
      {
        final: events.final,
        partial: () => {},
        backlog: (samples) => {
          this.#finalBacklog = samples;
          backlog();
        },
      },
      model,
    );
    lease.attach({
      final: () => {},
      partial: (words, utterance) => {
        if (utterance > this.#lastCut) events.partial(words);
      },
      backlog: (samples) => {
        this.#streamBacklog = samples;
        backlog();
        events.lag?.(samples / LIVE_SAMPLE_RATE);
      },
    });
  }

  pushed(endpointer: UtteranceEndpointer): void {
    const committed = endpointer.committed();
    if (!committed) return;
    if (committed.from !== this.#openFrom) {
      this.#openFrom = committed.from;
      this.#fed = 0;
    }
    const more = committed.pcm.subarray(this.#fed);
    if (more.length === 0) return;
    this.#lease.feed(this.#openFrom, more, false);
    this.#fed += more.length;
  }

  final(utterance: Utterance): void {
    this.#lastCut = utterance.from;
    this.#finals.final(utterance);
    // The thread ends its utterance here too (the rest of it is decoded: nothing is dropped).
    const own = utterance.pcm.subarray(utterance.from - utterance.start);
    const sent = utterance.from === this.#openFrom ? this.#fed : 0;
    this.#lease.feed(utterance.from, own.subarray(sent), true);
    this.#openFrom = -1;
    this.#fed = 0;
  }

  /**
   * The audio has ended. The thread only ever gave partials, and what it still has queued would
   * be shown to nobody: it is let go at once (its decoder is freed in the background) instead of
   * being waited for, so a thread running behind on a busy machine does not hold up filing.
   */
  async drain(): Promise<readonly TranscriptWord[]> {
    void this.#lease.release();
    return this.#finals.drain();
  }

  cancel(): void {
    this.#finals.cancel();
    void this.#lease.release();
  }
}
