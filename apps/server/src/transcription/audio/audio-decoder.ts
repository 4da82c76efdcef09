/**
 * Decodes recordings off the event loop: each call starts a worker thread that runs
 * decode-speech.ts (ffmpeg child process + our downmix, resampler and normaliser) and
 * exits when done. A thread per job costs ~30 ms, nothing next to decoding, and holds no
 * memory between jobs; it also lets an abandoned job be terminated outright (there are no
 * native resources to leak on this side).
 */
import { Worker } from 'node:worker_threads';

import { resolveWorkerEntry } from '../pocketsphinx/engine.ts';
import type {
  AudioWorkerAck,
  AudioWorkerReply,
  AudioWorkerRequest,
  AudioWorkerSettings,
} from './audio-protocol.ts';
import type { DecodedSpeech, StreamedSpeech } from './decode-speech.ts';
import { AudioDecodeError } from './errors.ts';
import type { SpeechChunk } from './speech-chunker.ts';

export interface AudioDecoderOptions {
  maxDurationSeconds: number;
  ffmpegPath?: string;
}

/**
 * `bytes` that span a whole ArrayBuffer are transferred to the decoding thread (no copy), so
 * they are unusable afterwards.
 */
export type DecodeAudio = (bytes: Uint8Array, signal?: AbortSignal) => Promise<DecodedSpeech>;

/** A recording decoded chunk by chunk (decode-speech.ts, decodeSpeechStream). */
export interface StreamedRecording {
  /**
   * Chunks in order. Taking one lets the decoder run one chunk further ahead (at most
   * STREAM_WINDOW wait here), so a slow consumer holds ffmpeg back instead of piling up
   * audio. Stopping early (break) stops the decoding. Throws what decoding threw.
   */
  chunks: AsyncIterable<SpeechChunk>;
  /** Settles when decoding has ended; rejects as `chunks` does. */
  done: Promise<StreamedSpeech>;
}

export type DecodeAudioStream = (bytes: Uint8Array, signal?: AbortSignal) => StreamedRecording;

/** Decodes whole (the call) or chunk by chunk (`stream`). */
export type AudioDecoder = DecodeAudio & { stream: DecodeAudioStream };

export function hasStream(decode: DecodeAudio): decode is AudioDecoder {
  return 'stream' in decode && typeof decode.stream === 'function';
}

/** Chunks decoded ahead of the consumer, at most. */
const STREAM_WINDOW = 2;

export function createAudioDecoder(options: AudioDecoderOptions): AudioDecoder {
  const startWorker = (): Worker => {
    const entry = resolveWorkerEntry();
    const settings: AudioWorkerSettings = {
      role: 'audio',
      ...(options.ffmpegPath ? { ffmpegPath: options.ffmpegPath } : {}),
    };
    return new Worker(entry.filename, { workerData: settings, argv: entry.argv });
  };
  const post = (worker: Worker, bytes: Uint8Array, stream: boolean): void => {
    // Transfer the caller's buffer when the bytes are all of it (the runner's read);
    // otherwise copy, since a view may share its buffer with other data.
    const whole =
      bytes.buffer instanceof ArrayBuffer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength;
    const own = whole ? bytes : bytes.slice();
    const request: AudioWorkerRequest = {
      type: 'decode',
      bytes: own,
      maxDurationSeconds: options.maxDurationSeconds,
      ...(stream ? { stream: { window: STREAM_WINDOW } } : {}),
    };
    worker.postMessage(request, [own.buffer as ArrayBuffer]);
  };

  const stream: DecodeAudioStream = (bytes, signal) => {
    const queue: SpeechChunk[] = [];
    let outcome: { ok: true; speech: StreamedSpeech } | { ok: false; error: unknown } | undefined;
    let notify: (() => void) | undefined;
    let resolveDone: (speech: StreamedSpeech) => void = () => {};
    let rejectDone: (error: unknown) => void = () => {};
    const done = new Promise<StreamedSpeech>((resolve, reject) => {
      resolveDone = resolve;
      rejectDone = reject;
    });
    // The iteration reports the same failure; a caller that only iterates must not crash.
    done.catch(() => {});
    const wake = (): void => {
      const waiting = notify;
      notify = undefined;
      waiting?.();
    };
    let worker: Worker | undefined;
    const finish = (result: NonNullable<typeof outcome>): void => {
      if (outcome) return;
      outcome = result;
      signal?.removeEventListener('abort', onAbort);
      if (worker) void worker.terminate();
      if (result.ok) resolveDone(result.speech);
      else rejectDone(result.error);
      wake();
    };
    const onAbort = (): void => finish({ ok: false, error: signal?.reason });
    if (signal?.aborted) {
      finish({ ok: false, error: signal.reason });
    } else {
      signal?.addEventListener('abort', onAbort, { once: true });
      const started = startWorker();
      worker = started;
      started.on('message', (reply: AudioWorkerReply) => {
        if (reply.type === 'chunk') {
          queue.push(reply.chunk);
          wake();
        } else if (reply.type === 'streamed') {
          finish({ ok: true, speech: reply.speech });
        } else if (reply.type === 'rejected') {
          finish({ ok: false, error: new AudioDecodeError(reply.code, reply.message) });
        } else {
          finish({
            ok: false,
            error: new Error(
              `Audio decoding failed: ${reply.type === 'failed' ? reply.message : reply.type}`,
            ),
          });
        }
      });
      started.on('error', (error) => finish({ ok: false, error }));
      started.on('exit', (code) =>
        finish({ ok: false, error: new Error(`The audio decoding thread stopped (exit code ${code}).`) }),
      );
      post(started, bytes, true);
    }

    async function* iterate(): AsyncGenerator<SpeechChunk, void, undefined> {
      try {
        for (;;) {
          if (outcome && !outcome.ok) throw outcome.error;
          const chunk = queue.shift();
          if (chunk) {
            if (!outcome && worker) {
              const ack: AudioWorkerAck = { type: 'ack' };
              worker.postMessage(ack);
            }
            yield chunk;
            continue;
          }
          if (outcome) return;
          await new Promise<void>((resolve) => (notify = resolve));
        }
      } finally {
        finish({ ok: false, error: new Error('Decoding was stopped before the end.') });
      }
    }
    return { chunks: iterate(), done };
  };

  const decode: DecodeAudio = (bytes, signal) => {
    signal?.throwIfAborted();
    const worker = startWorker();
    return new Promise<DecodedSpeech>((resolve, reject) => {
      let settled = false;
      const finish = (action: () => void): void => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
        action();
      };
      const onAbort = (): void => finish(() => reject(signal?.reason));
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (reply: AudioWorkerReply) => {
        finish(() => {
          if (reply.type === 'decoded') resolve(reply.speech);
          else if (reply.type === 'rejected') reject(new AudioDecodeError(reply.code, reply.message));
          else if (reply.type === 'failed') reject(new Error(`Audio decoding failed: ${reply.message}`));
          else reject(new Error(`Audio decoding failed: unexpected ${reply.type} reply`));
        });
      });
      worker.on('error', (error) => finish(() => reject(error)));
      worker.on('exit', (code) =>
        finish(() => reject(new Error(`The audio decoding thread stopped (exit code ${code}).`))),
      );
      post(worker, bytes, false);
    });
  };
  return Object.assign(decode, { stream });
}
