/**
 * Decodes recordings off the event loop: each call starts a worker thread that runs
 * decode-speech.ts (ffmpeg child process + our downmix, resampler and normaliser) and
 * exits when done. A thread per job costs ~30 ms, nothing next to decoding, and holds no
 * memory between jobs; it also lets an abandoned job be terminated outright (there are no
 * native resources to leak on this side).
 */
import { Worker } from 'node:worker_threads';

import { resolveWorkerEntry } from '../pocketsphinx/engine.ts';
import type { AudioWorkerReply, AudioWorkerRequest, AudioWorkerSettings } from './audio-protocol.ts';
import type { DecodedSpeech } from './decode-speech.ts';
import { AudioDecodeError } from './errors.ts';

export interface AudioDecoderOptions {
  maxDurationSeconds: number;
  ffmpegPath?: string;
}

/**
 * `bytes` that span a whole ArrayBuffer are transferred to the decoding thread (no copy), so
 * they are unusable afterwards.
 */
export type DecodeAudio = (bytes: Uint8Array, signal?: AbortSignal) => Promise<DecodedSpeech>;

export function createAudioDecoder(options: AudioDecoderOptions): DecodeAudio {
  return (bytes, signal) => {
    signal?.throwIfAborted();
    const entry = resolveWorkerEntry();
    const settings: AudioWorkerSettings = {
      role: 'audio',
      ...(options.ffmpegPath ? { ffmpegPath: options.ffmpegPath } : {}),
    };
    const worker = new Worker(entry.filename, { workerData: settings, argv: entry.argv });
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
          else reject(new Error(`Audio decoding failed: ${reply.message}`));
        });
      });
      worker.on('error', (error) => finish(() => reject(error)));
      worker.on('exit', (code) =>
        finish(() => reject(new Error(`The audio decoding thread stopped (exit code ${code}).`))),
      );
      // Transfer the caller's buffer when the bytes are all of it (the runner's read);
      // otherwise copy, since a view may share its buffer with other data.
      const whole =
        bytes.buffer instanceof ArrayBuffer &&
        bytes.byteOffset === 0 &&
        bytes.byteLength === bytes.buffer.byteLength;
      const own = whole ? bytes : bytes.slice();
      const request: AudioWorkerRequest = { bytes: own, maxDurationSeconds: options.maxDurationSeconds };
      worker.postMessage(request, [own.buffer as ArrayBuffer]);
    });
  };
}
