/**
 * Decoder threads for live streams (stream-worker.ts), one per stream for its life: the decoder
 * holds the stream's utterance state and what it learnt of the speaker's channel, so it cannot
 * be shared, and it is freed when the stream ends (a fresh one per stream makes the same audio
 * give the same words).
 *
 * One spare thread is kept loaded and ready (`warm()`, called at server start), so a stream never
 * waits for a model to load; when a stream takes it, the next spare starts at once. A spare no
 * stream has taken for `spareIdleMs` is let go, model and all (ADR 0065): a server transcribing
 * a long file with nobody streaming then holds one model fewer. The next stream starts its own
 * thread and its audio waits for the model (about a second), and a spare is kept again. Each thread
 * holds its own model (~95 MB), so at most `max` threads exist, the spare included: a stream that
 * comes when all are taken gets none (`lease()` returns undefined) and is decoded utterance by
 * utterance by the process's engine instead (live/live-decoder.ts), with slower partials.
 */
import { Worker } from 'node:worker_threads';

import { releaseFreedNativeMemory } from '../../lib/native-memory.ts';
import { TranscriptionError } from '../errors.ts';
import { TRANSCRIPTION_THREAD_LIMITS, type WorkerEntry } from '../worker-entry.ts';
import { StreamLease } from './stream-lease.ts';
import { isStreamReply, type StreamWorkerSettings } from './stream-protocol.ts';

/** Default bound on live decoder threads (spare included): ~380 MB of models. */
export const MAX_LIVE_DECODERS = 4;

export interface LiveDecoderPoolOptions {
  entry: WorkerEntry;
  modelDir?: string;
  /** Threads at most, the spare included (MAX_LIVE_DECODERS). */
  max?: number;
  /** A spare untaken this long is let go (SPARE_IDLE_MS); 0 keeps it for good. */
  spareIdleMs?: number;
}

/** Ten minutes: a person who records now and then finds it warm; a quiet server gives it back. */
export const SPARE_IDLE_MS = 10 * 60_000;

interface Thread {
  worker: Worker;
  lease: StreamLease;
  exited: Promise<void>;
  closing: boolean;
}

export class LiveDecoderPool {
  readonly #options: LiveDecoderPoolOptions;
  readonly #max: number;
  readonly #threads = new Set<Thread>();
  #spare: Thread | undefined;
  #closed = false;
  /** The spare was let go for idleness: none is started again until a stream asks. */
  #resting = false;
  #idleTimer: NodeJS.Timeout | undefined;

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
    if (this.#closed || this.#resting || this.#spare || this.#threads.size >= this.#max) return;
    const spare = this.#spawn();
    this.#spare = spare;
    const idleMs = this.#options.spareIdleMs ?? SPARE_IDLE_MS;
    if (idleMs > 0) {
      clearTimeout(this.#idleTimer);
      this.#idleTimer = setTimeout(() => this.#rest(spare), idleMs);
      this.#idleTimer.unref();
    }
  }

  /** Lets the spare go if no stream has taken it since it was started. */
  #rest(spare: Thread): void {
    if (this.#closed || this.#spare !== spare) return;
    this.#spare = undefined;
    this.#resting = true;
    // The thread frees its decoder and ends (#end, through the lease).
    void spare.lease.release();
  }

  /**
   * A decoder thread for one stream (the spare when there is one; it may still be loading, and
   * audio then waits for it), or undefined when `max` threads are taken.
   */
  lease(): StreamLease | undefined {
    if (this.#closed) return undefined;
    this.#resting = false;
    clearTimeout(this.#idleTimer);
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
   * once every thread is gone, also those whose stream let them go before (see #end).
   */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idleTimer);
    this.#spare = undefined;
    await Promise.all(
      [...this.#threads].map(async (thread) => {
        // Drops the audio still queued and ends the thread; a thread its stream let go before
        // is waited for all the same.
        await thread.lease.release();
        await this.#end(thread);
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
      resourceLimits: TRANSCRIPTION_THREAD_LIMITS,
    });
    // A spare or a stream's thread never holds the process open by itself.
    worker.unref();
    let markExited = (): void => {};
    const exited = new Promise<void>((resolve) => (markExited = resolve));
    const thread: Thread = {
      worker,
      exited,
      closing: false,
      lease: new StreamLease(worker, shared, () => this.#end(thread)),
    };
    this.#threads.add(thread);
    let crash: Error | undefined;
    worker.on('message', (message: unknown) => {
      if (!isStreamReply(message)) return;
      thread.lease.reply(message);
    });
    worker.on('error', (error) => {
      crash = error;
    });
    worker.on('exit', (code) => {
      markExited();
      // The thread's model and decoder were freed into malloc's arenas: hand them back (ADR 0066).
      void releaseFreedNativeMemory();
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
    // Never terminated, nor let go: a thread ended inside a native call (koffi: the model load,
    // a block's decode, the frees the close makes) aborts the whole process ("napi_throw" in a
    // terminating environment, exit 134), by terminate() or by the process exiting around it.
    // The close queued above frees the decoder once the model load and the block at hand end.
    thread.worker.ref();
    await thread.exited;
  }
}
