/**
 * Decoder threads for live streams (stream-worker.ts), one per stream for its life: the decoder
 * holds the stream's utterance state and what it learnt of the speaker's channel, so it cannot
 * be shared, and it is freed when the stream ends (a fresh one per stream makes the same audio
 * give the same words).
 *
 * One spare thread is kept loaded and ready (`warm()`, called at server start), so a stream never
 * waits for a model to load; when a stream takes it, the next spare starts at once. Each thread
 * holds its own model (~95 MB), so at most `max` threads exist, the spare included: a stream that
 * comes when all are taken gets none (`lease()` returns undefined) and is decoded utterance by
 * utterance by the process's engine instead (live/live-decoder.ts), with slower partials.
 */
import { Worker } from 'node:worker_threads';

import { TranscriptionError } from '../errors.ts';
import type { WorkerEntry } from '../worker-entry.ts';
import { StreamLease } from './stream-lease.ts';
import { isStreamReply, type StreamWorkerSettings } from './stream-protocol.ts';

/** Default bound on live decoder threads (spare included): ~380 MB of models. */
export const MAX_LIVE_DECODERS = 4;

export interface LiveDecoderPoolOptions {
  entry: WorkerEntry;
  modelDir?: string;
  /** Threads at most, the spare included (MAX_LIVE_DECODERS). */
  max?: number;
  /** How long close() waits for a thread to free its decoder before ending it. */
  closeGraceMs?: number;
}

interface Thread {
  worker: Worker;
  lease: StreamLease;
  exited: Promise<void>;
  /** The thread has loaded its model (or failed to, or is gone). */
  settled: Promise<void>;
  closing: boolean;
}

export class LiveDecoderPool {
  readonly #options: LiveDecoderPoolOptions;
  readonly #max: number;
  readonly #threads = new Set<Thread>();
  #spare: Thread | undefined;
  #closed = false;

  constructor(options: LiveDecoderPoolOptions) {
    this.#options = options;
    this.#max = options.max ?? MAX_LIVE_DECODERS;
  }

  /** Threads that exist (leased and spare). */
  get size(): number {
    return this.#threads.size;
  }

  /** A spare thread has loaded its model. */
  get spareReady(): boolean {
    return this.#spare?.lease.ready === true;
  }

  /** Starts the spare thread unless there is one or the bound is reached. */
  warm(): void {
    if (this.#closed || this.#spare || this.#threads.size >= this.#max) return;
    this.#spare = this.#spawn();
  }

  /**
   * A decoder thread for one stream (the spare when there is one; it may still be loading, and
   * audio then waits for it), or undefined when `max` threads are taken.
   */
  lease(): StreamLease | undefined {
    if (this.#closed) return undefined;
    let thread = this.#spare;
    this.#spare = undefined;
    if (!thread) {
      if (this.#threads.size >= this.#max) return undefined;
      thread = this.#spawn();
    }
    this.warm();
    return thread.lease;
  }

  /**
   * Frees every thread's decoder and ends them (audio still queued is not decoded). Resolves
   * once every thread is gone, also those whose stream let them go before.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#spare = undefined;
    await Promise.all(
      [...this.#threads].map(async (thread) => {
        await thread.lease.release();
        await thread.exited;
      }),
    );
  }

  #spawn(): Thread {
    const shared = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const settings: StreamWorkerSettings = {
      kind: 'live-stream',
      shared,
      ...(this.#options.modelDir === undefined ? {} : { modelDir: this.#options.modelDir }),
    };
    const worker = new Worker(this.#options.entry.filename, {
      workerData: settings,
      argv: this.#options.entry.argv,
    });
    // A spare or a stream's thread never holds the process open by itself.
    worker.unref();
    let markExited = (): void => {};
    const exited = new Promise<void>((resolve) => (markExited = resolve));
    let markSettled = (): void => {};
    const settled = new Promise<void>((resolve) => (markSettled = resolve));
    const thread: Thread = {
      worker,
      exited,
      settled,
      closing: false,
      lease: new StreamLease(worker, shared, () => this.#end(thread)),
    };
    this.#threads.add(thread);
    let crash: Error | undefined;
    worker.on('message', (message: unknown) => {
      if (!isStreamReply(message)) return;
      if (message.type === 'ready' || message.type === 'init-error') markSettled();
      thread.lease.reply(message);
    });
    worker.on('error', (error) => {
      crash = error;
    });
    worker.on('exit', (code) => {
      markExited();
      markSettled();
      this.#threads.delete(thread);
      if (this.#spare === thread) this.#spare = undefined;
      if (!thread.closing) {
        const reason = crash?.message ?? `exit code ${code}`;
        thread.lease.fail(
          new TranscriptionError('worker_failed', `The live decoder stopped unexpectedly (${reason}).`, {
            cause: crash,
          }),
        );
      }
      this.warm();
    });
    return thread;
  }

  async #end(thread: Thread): Promise<void> {
    if (!thread.closing) {
      thread.closing = true;
      // Queued behind the audio already posted; the thread frees its decoder and exits.
      thread.worker.postMessage({ type: 'close' });
    }
    // Never ended while it starts or loads its model: a thread terminated inside a native call
    // (koffi) aborts the whole process (napi_throw in a terminating environment). A thread
    // starting from source on a loaded machine took over 10 s to get there. The load ends on its
    // own; the close queued above then frees the decoder, and the grace counts from there.
    await thread.settled;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.#options.closeGraceMs ?? 10_000);
    });
    const outcome = await Promise.race([thread.exited, timedOut]);
    clearTimeout(timer);
    // Leaking one decoder beats hanging.
    if (outcome === 'timeout') await thread.worker.terminate();
  }
}
