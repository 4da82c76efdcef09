/**
 * The main thread's handle on one live stream's decoder thread (stream-worker.ts), lent by
 * live-decoder-pool.ts for the stream's life. Audio goes in as the endpointer commits it; words
 * come back with times in the recording. Nothing is dropped: every sample posted is decoded, and
 * `drain()` resolves once all of it is.
 */
import type { Worker } from 'node:worker_threads';

import { TranscriptionError } from '../errors.ts';
import type { TranscriptWord } from '../transcriber.ts';
import { SAMPLE_RATE } from './decoder.ts';
import { DROPPED, POSTED, type StreamReply, type StreamRequest } from './stream-protocol.ts';

export interface StreamLeaseEvents {
  /** Words so far of the utterance that starts at `utterance` (a recording position). */
  partial: (words: TranscriptWord[], utterance: number) => void;
  final: (words: TranscriptWord[], utterance: number) => void;
  /** Samples posted but not decoded yet, after every change. */
  backlog: (samples: number) => void;
}

export class StreamLease {
  readonly #worker: Worker;
  readonly #shared: Int32Array;
  readonly #release: () => Promise<void>;
  #events: StreamLeaseEvents | undefined;
  #sent = 0;
  #decoded = 0;
  #waiting = 0;
  #failure: Error | undefined;
  #released = false;
  #drained: Array<() => void> = [];
  #ready = false;

  constructor(worker: Worker, shared: Int32Array, release: () => Promise<void>) {
    this.#worker = worker;
    this.#shared = shared;
    this.#release = release;
  }

  /** Where words and the backlog go; set once, before the first audio. */
  attach(events: StreamLeaseEvents): void {
    this.#events = events;
  }

  /** The thread has loaded its model: audio fed now is decoded at once. */
  get ready(): boolean {
    return this.#ready;
  }

  /** Samples fed so far, and of those decoded. */
  get counts(): { fed: number; decoded: number } {
    return { fed: this.#sent, decoded: this.#decoded };
  }

  get failure(): Error | undefined {
    return this.#failure;
  }

  /**
   * The next samples of the utterance that starts at `utterance` (a recording position);
   * `end`: the utterance ends after them. The samples are copied.
   */
  feed(utterance: number, pcm: Int16Array, end: boolean): void {
    if (this.#failure || this.#released) return;
    const copy = pcm.slice();
    this.#sent += copy.length;
    this.#waiting++;
    Atomics.store(this.#shared, POSTED, this.#sent);
    const request: StreamRequest = { type: 'audio', utterance, pcm: copy, end };
    this.#worker.postMessage(request, [copy.buffer]);
    this.#events?.backlog(this.#sent - this.#decoded);
  }

  /** Resolves once every sample posted is decoded; rejects when decoding failed. */
  drain(): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#waiting === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#drained.push(() => (this.#failure ? reject(this.#failure) : resolve()));
    });
  }

  /**
   * The stream is over: the thread frees its decoder and ends. Audio still queued is not
   * decoded (call drain() first to have it all).
   */
  release(): Promise<void> {
    if (this.#released) return Promise.resolve();
    this.#released = true;
    Atomics.store(this.#shared, DROPPED, 1);
    this.#events = undefined;
    return this.#release();
  }

  /** From the pool, for each message of this lease's thread. */
  reply(reply: StreamReply): void {
    switch (reply.type) {
      case 'ready':
        this.#ready = true;
        return;
      case 'init-error':
      case 'error':
        this.fail(new TranscriptionError(reply.error.code, reply.error.message));
        return;
      case 'partial':
      case 'final':
      case 'decoded': {
        this.#waiting--;
        this.#decoded = reply.decoded;
        const events = this.#events;
        if (reply.type !== 'decoded' && events) {
          const offset = reply.utterance / SAMPLE_RATE;
          const words = reply.words.map((word) => ({
            ...word,
            start: roundMs(word.start + offset),
            end: roundMs(word.end + offset),
          }));
          if (reply.type === 'final') events.final(words, reply.utterance);
          else if (words.length > 0) events.partial(words, reply.utterance);
        }
        events?.backlog(this.#sent - this.#decoded);
        if (this.#waiting === 0) this.#settle();
        return;
      }
    }
  }

  /** The thread failed or stopped: nothing more will be decoded. */
  fail(error: Error): void {
    this.#failure ??= error;
    this.#settle();
  }

  #settle(): void {
    for (const done of this.#drained.splice(0)) done();
  }
}

function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
