/**
 * A small pool of decoding workers with a FIFO queue.
 *
 * Workers start on demand (the server should not pay for a model it may never
 * use) and each keeps its model loaded between jobs. Idle workers are
 * unref'd so they never hold the process open on their own.
 *
 * Workers are never terminated: a terminated thread leaks its pocketsphinx
 * decoder (~95 MB measured), and one terminated inside a native call aborts the
 * process (see close()). Aborted jobs are therefore cancelled cooperatively: the
 * caller's promise rejects at once, and the worker drops the job at the next
 * utterance boundary.
 */
import { Worker } from 'node:worker_threads';

import { TranscriptionError } from '../errors.ts';
import type { TranscriptWord } from '../transcriber.ts';
import { TRANSCRIPTION_THREAD_LIMITS, type WorkerEntry } from '../worker-entry.ts';
import type { PersonalModelPaths } from '../personal-model.ts';
import {
  type SerializedError,
  type WorkerMessage,
  type WorkerRequest,
  type WorkerSettings,
  isWorkerMessage,
} from './protocol.ts';

export interface PoolOptions {
  size: number;
  entry: WorkerEntry;
  modelDir?: string;
  /** Decoders each worker keeps open, the stock one included (ADR 0040); default 2. */
  decodersPerThread?: number;
}

export interface RunOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The owner's build; the stock decoder without one. */
  model?: PersonalModelPaths | undefined;
}

export interface DecodeResult {
  words: TranscriptWord[];
  decodeSeconds: number;
  /** Why the job's personal model could not be opened (it was decoded with the stock model). */
  modelFailure?: string;
}

interface Job {
  id: number;
  pcm: Int16Array;
  options: RunOptions;
  progress: number;
  resolve: (result: DecodeResult) => void;
  reject: (reason: unknown) => void;
  detach: () => void;
}

interface Slot {
  worker: Worker;
  cancel: Int32Array;
  state: 'starting' | 'idle' | 'busy' | 'closing';
  /** The job being decoded; undefined while a cancelled job winds down. */
  job: Job | undefined;
  /** Last error the worker threw, reported when it exits. */
  crash: Error | undefined;
  exited: Promise<void>;
}

export class WorkerPool {
  readonly #options: PoolOptions;
  readonly #slots = new Set<Slot>();
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: PoolOptions) {
    this.#options = options;
  }

  /**
   * Decodes `pcm` (16 kHz mono). An ordinary buffer is transferred to a worker; a view of
   * a SharedArrayBuffer is shared without copying (chunks of one long recording).
   */
  run(pcm: Int16Array, options: RunOptions = {}): Promise<DecodeResult> {
    if (this.#closed) return Promise.reject(closedError());
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);

    return new Promise<DecodeResult>((resolve, reject) => {
      const onAbort = (): void => this.#abort(job, signal?.reason);
      const job: Job = {
        id: this.#nextId++,
        pcm,
        options,
        progress: 0,
        resolve: (result) => {
          job.detach();
          resolve(result);
        },
        reject: (reason) => {
          job.detach();
          reject(reason);
        },
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(job);
      this.#pump();
    });
  }

  /**
   * Rejects pending jobs and stops all workers, freeing their native decoders; resolves once
   * every thread has exited. A running job is cancelled at its next utterance boundary.
   *
   * A thread is never terminated, nor let go: each is in, or about to enter, a native call (a
   * model load, an utterance's decode, or the frees its "close" makes), and a thread ended inside
   * a koffi call aborts the whole process ("napi_throw" in a terminating environment, exit 134),
   * whether by terminate() or by the process exiting around it. A server's shutdown has its own
   * bound (server.ts).
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(closedError());
    const slots = [...this.#slots];
    for (const slot of slots) {
      if (slot.job) {
        Atomics.store(slot.cancel, 0, slot.job.id);
        slot.job.reject(closedError());
        slot.job = undefined;
      }
      if (slot.state !== 'closing') {
        slot.state = 'closing';
        // Queued behind a running job or model load; both finish on their own.
        send(slot, { type: 'close' });
      }
      // Waited for below: the process stays up until the thread is out of its native calls.
      slot.worker.ref();
    }
    await Promise.all(slots.map((slot) => slot.exited));
  }

  #pump(): void {
    if (this.#closed) return;
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) break;
      if (slot.state === 'idle') this.#assign(slot, this.#queue.shift()!);
    }
    let starting = [...this.#slots].filter((slot) => slot.state === 'starting').length;
    while (this.#queue.length > starting && this.#slots.size < this.#options.size) {
      try {
        this.#spawn();
      } catch (error) {
        // Bad options (e.g. an unusable worker URL) fail the same way every time.
        this.#failQueue(
          new TranscriptionError(
            'worker_failed',
            `The transcription worker could not be started: ${String(error)}`,
            {
              cause: error,
            },
          ),
        );
        return;
      }
      starting++;
    }
  }

  #assign(slot: Slot, job: Job): void {
    slot.state = 'busy';
    slot.job = job;
    slot.worker.ref();
    const { pcm } = job;
    // The job no longer needs the samples; the worker gets them without a copy.
    const model = job.options.model;
    send(
      slot,
      { type: 'decode', id: job.id, pcm, ...(model ? { model } : {}) },
      pcm.buffer instanceof ArrayBuffer ? [pcm.buffer] : [],
    );
  }

  #abort(job: Job, reason: unknown): void {
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
    } else {
      for (const slot of this.#slots) {
        if (slot.job !== job) continue;
        Atomics.store(slot.cancel, 0, job.id);
        slot.job = undefined;
      }
    }
    job.reject(reason);
  }

  #spawn(): void {
    const settings: WorkerSettings = {
      cancel: new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)),
      ...(this.#options.modelDir === undefined ? {} : { modelDir: this.#options.modelDir }),
      ...(this.#options.decodersPerThread === undefined
        ? {}
        : { decodersPerThread: this.#options.decodersPerThread }),
    };
    const worker = new Worker(this.#options.entry.filename, {
      workerData: settings,
      argv: this.#options.entry.argv,
      resourceLimits: TRANSCRIPTION_THREAD_LIMITS,
    });
    let markExited = (): void => {};
    const slot: Slot = {
      worker,
      cancel: settings.cancel,
      state: 'starting',
      job: undefined,
      crash: undefined,
      exited: new Promise<void>((resolve) => (markExited = resolve)),
    };
    this.#slots.add(slot);
    worker.on('message', (message: unknown) => {
      if (isWorkerMessage(message)) this.#onMessage(slot, message);
    });
    worker.on('error', (error) => {
      slot.crash = error;
    });
    worker.on('exit', (code) => {
      markExited();
      this.#onExit(slot, code);
    });
  }

  #onMessage(slot: Slot, message: WorkerMessage): void {
    switch (message.type) {
      case 'ready':
        if (slot.state === 'starting') this.#becomeIdle(slot);
        return;
      case 'init-error':
        // The worker exits by itself; every queued job would fail the same way.
        slot.state = 'closing';
        this.#failQueue(toError(message.error));
        return;
      case 'progress': {
        const job = slot.job;
        if (job?.id !== message.id) return;
        const fraction = Math.min(1, Math.max(job.progress, message.fraction));
        job.progress = fraction;
        safely(() => job.options.onProgress?.(fraction));
        return;
      }
      case 'result':
      case 'error':
      case 'cancelled': {
        const job = slot.job;
        if (job?.id === message.id) {
          slot.job = undefined;
          if (message.type === 'result') {
            if (job.progress < 1) safely(() => job.options.onProgress?.(1));
            job.resolve({
              words: message.words,
              decodeSeconds: message.decodeSeconds,
              ...(message.modelFailure ? { modelFailure: message.modelFailure } : {}),
            });
          } else if (message.type === 'error') {
            job.reject(toError(message.error));
          }
        }
        if (slot.state === 'busy') this.#becomeIdle(slot);
        return;
      }
    }
  }

  #becomeIdle(slot: Slot): void {
    slot.state = 'idle';
    slot.worker.unref();
    this.#pump();
  }

  #onExit(slot: Slot, code: number): void {
    this.#slots.delete(slot);
    if (slot.state === 'closing') return;
    const reason = slot.crash?.message ?? `exit code ${code}`;
    const error = new TranscriptionError(
      'worker_failed',
      `The transcription worker stopped unexpectedly (${reason}).`,
      {
        cause: slot.crash,
      },
    );
    if (slot.state === 'starting') {
      // It could not even start (e.g. the worker file is missing); retrying
      // for every queued job would fail the same way.
      this.#failQueue(error);
    } else if (slot.job) {
      slot.job.reject(error);
      slot.job = undefined;
    }
    this.#pump();
  }

  #failQueue(error: Error): void {
    for (const job of this.#queue.splice(0)) job.reject(error);
  }
}

function send(slot: Slot, request: WorkerRequest, transfer: ArrayBuffer[] = []): void {
  slot.worker.postMessage(request, transfer);
}

function toError({ code, message }: SerializedError): TranscriptionError {
  return new TranscriptionError(code, message);
}

function closedError(): TranscriptionError {
  return new TranscriptionError('closed', 'The transcriber was closed before the job finished.');
}

/** A throwing progress callback must not take the pool down with it. */
function safely(callback: () => void): void {
  try {
    callback();
  } catch {
    // Progress is advisory; the job itself is unaffected.
  }
}
