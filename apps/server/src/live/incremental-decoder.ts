/**
 * Decodes a live stream on its own pocketsphinx decoder thread (transcription/pocketsphinx/
 * stream-lease.ts) as the audio comes: after every push, what the endpointer has committed to
 * the utterance being spoken and was not sent yet goes to the thread, which answers with partial
 * words of the utterance so far; when the endpointer cuts, the rest of the utterance goes with
 * `end` and its final words come back. A partial costs only the new audio. Every sample is
 * decoded, in order; the thread skips partials while it is behind, never finals.
 */
import type { StreamLease } from '../transcription/pocketsphinx/stream-lease.ts';
import type { TranscriptWord } from '../transcription/transcriber.ts';
import { LIVE_SAMPLE_RATE } from './live-protocol.ts';
import type { UtteranceDecoder, UtteranceDecoderEvents } from './utterance-decoder.ts';
import type { Utterance, UtteranceEndpointer } from './utterance-endpointer.ts';

export class IncrementalDecoder implements UtteranceDecoder {
  readonly #lease: StreamLease;
  readonly #words: TranscriptWord[] = [];
  /** Recording position of the utterance being fed, or -1. */
  #openFrom = -1;
  /** Its samples sent so far. */
  #fed = 0;

  constructor(lease: StreamLease, events: UtteranceDecoderEvents) {
    this.#lease = lease;
    lease.attach({
      final: (words) => {
        this.#words.push(...words);
        events.final(words);
      },
      partial: events.partial,
      backlog: (samples) => {
        events.backlog(samples);
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
    // The context before `from` is for decoders that start afresh each utterance; this one
    // carries on from the utterance before.
    const own = utterance.pcm.subarray(utterance.from - utterance.start);
    const sent = utterance.from === this.#openFrom ? this.#fed : 0;
    this.#lease.feed(utterance.from, own.subarray(sent), true);
    this.#openFrom = -1;
    this.#fed = 0;
  }

  async drain(): Promise<readonly TranscriptWord[]> {
    try {
      await this.#lease.drain();
      return this.#words;
    } finally {
      await this.#lease.release();
    }
  }

  cancel(): void {
    void this.#lease.release();
  }
}
