/**
 * Decodes recordings off the event loop: each call starts a worker thread that runs
 * decode-speech.ts (ffmpeg child process + our downmix, resampler and normaliser) and
 * exits when done. A thread per job costs ~30 ms, nothing next to decoding, and holds no
 * memory between jobs. An abandoned job (aborted, or its consumer stopped or failed) is
 * first cancelled in the thread, which kills and reaps ffmpeg and removes its temporary
 * files, and only then terminated: a thread terminated under a running child would leave
 * that child running and, once it exits, unreaped.
 */
import { Worker } from 'node:worker_threads';

import { resolveWorkerEntry, TRANSCRIPTION_THREAD_LIMITS } from '../worker-entry.ts';
import type {
  AudioWorkerAck,
  AudioWorkerCancel,
  AudioWorkerReply,
  AudioWorkerRequest,
  AudioWorkerSettings,
} from './audio-protocol.ts';
import type { DecodedSpeech, StreamedSpeech } from './decode-speech.ts';
import { AudioDecodeError } from './errors.ts';
import type { SpeakerCount } from '../speakers/clustering.ts';
import type { SpeechChunk } from './speech-chunker.ts';

export interface AudioDecoderOptions {
  maxDurationSeconds: number;
  ffmpegPath?: string;
}

/**
 * Told the recording's length as soon as the decoder knows it: before the result, and also
 * when silence, the engine or anything later then fails.
 */
export type OnDuration = (seconds: number) => void;

/**
 * A recording: its bytes, or a file the decoding thread reads itself, so a large upload is
 * never held by the thread that serves requests. Bytes that span a whole ArrayBuffer are
 * transferred to the decoding thread (no copy), so they are unusable afterwards.
 */
export type AudioSource = Uint8Array | { path: string };

/** What else the decoding thread does with the audio it decodes. */
export interface DecodeExtras {
  /** Find who spoke when (ADR 0053); the answer carries `speakerTurns`. Absent: not done. */
  speakers?: SpeakerCount;
}

export type DecodeAudio = (
  bytes: AudioSource,
  signal?: AbortSignal,
  onDuration?: OnDuration,
  extras?: DecodeExtras,
) => Promise<DecodedSpeech>;

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

export type DecodeAudioStream = (
  bytes: AudioSource,
  signal?: AbortSignal,
  onDuration?: OnDuration,
  extras?: DecodeExtras,
  /** The length the recording's header states, before decoding, if any: for progress. */
  onExpectedDuration?: OnDuration,
) => StreamedRecording;

/** Decodes whole (the call) or chunk by chunk (`stream`). */
export type AudioDecoder = DecodeAudio & { stream: DecodeAudioStream };

export function hasStream(decode: DecodeAudio): decode is AudioDecoder {
  return 'stream' in decode && typeof decode.stream === 'function';
}

/** Chunks decoded ahead of the consumer, at most. */
const STREAM_WINDOW = 2;

/** How long a cancelled thread gets to kill and reap ffmpeg before it is terminated anyway. */
const CANCEL_GRACE_MS = 5_000;

/** Replies after which the thread runs nothing (no ffmpeg, no temporary files). */
function isFinal(reply: AudioWorkerReply): boolean {
  return reply.type !== 'chunk' && reply.type !== 'duration' && reply.type !== 'expected-duration';
}

/**
 * Ends a decoding thread. One that is still decoding is told to cancel and terminated once it
 * has answered (ffmpeg killed and reaped, temporary files removed), or after CANCEL_GRACE_MS.
 */
function release(worker: Worker, busy: boolean): void {
  if (!busy) {
    void worker.terminate();
    return;
  }
  const end = (): void => {
    clearTimeout(timer);
    worker.off('message', onReply);
    worker.off('exit', end);
    void worker.terminate();
  };
  const onReply = (reply: AudioWorkerReply): void => {
    if (isFinal(reply)) end();
  };
  const timer = setTimeout(end, CANCEL_GRACE_MS);
  worker.on('message', onReply);
  worker.once('exit', end);
  const cancel: AudioWorkerCancel = { type: 'cancel' };
  worker.postMessage(cancel);
}

export function createAudioDecoder(options: AudioDecoderOptions): AudioDecoder {
  const startWorker = (): Worker => {
    const entry = resolveWorkerEntry();
    const settings: AudioWorkerSettings = {
      role: 'audio',
      ...(options.ffmpegPath ? { ffmpegPath: options.ffmpegPath } : {}),
    };
    return new Worker(entry.filename, {
      workerData: settings,
      argv: entry.argv,
      resourceLimits: TRANSCRIPTION_THREAD_LIMITS,
    });
  };
  const post = (worker: Worker, source: AudioSource, stream: boolean, extras: DecodeExtras = {}): void => {
    const settings = {
      maxDurationSeconds: options.maxDurationSeconds,
      ...(stream ? { stream: { window: STREAM_WINDOW } } : {}),
      ...(extras.speakers === undefined ? {} : { speakers: extras.speakers }),
    };
    if (!(source instanceof Uint8Array)) {
      const request: AudioWorkerRequest = { type: 'decode', file: source.path, ...settings };
      worker.postMessage(request);
      return;
    }
    const bytes = source;
    // Transfer the caller's buffer when the bytes are all of it (the runner's read);
    // otherwise copy, since a view may share its buffer with other data.
    const whole =
      bytes.buffer instanceof ArrayBuffer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength;
    const own = whole ? bytes : bytes.slice();
    const request: AudioWorkerRequest = { type: 'decode', bytes: own, ...settings };
    worker.postMessage(request, [own.buffer as ArrayBuffer]);
  };

  const stream: DecodeAudioStream = (bytes, signal, onDuration, extras, onExpectedDuration) => {
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
    /** The thread has ended its work (final reply, crash or exit). */
    let threadDone = false;
    const finish = (result: NonNullable<typeof outcome>): void => {
      if (outcome) return;
      outcome = result;
      signal?.removeEventListener('abort', onAbort);
      if (worker) release(worker, !threadDone);
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
        if (isFinal(reply)) threadDone = true;
        if (reply.type === 'chunk') {
          queue.push(reply.chunk);
          wake();
        } else if (reply.type === 'duration') {
          if (!outcome) onDuration?.(reply.durationSeconds);
        } else if (reply.type === 'expected-duration') {
          if (!outcome) onExpectedDuration?.(reply.durationSeconds);
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
      started.on('error', (error) => {
        threadDone = true;
        finish({ ok: false, error });
      });
      started.on('exit', (code) => {
        threadDone = true;
        finish({ ok: false, error: new Error(`The audio decoding thread stopped (exit code ${code}).`) });
      });
      post(started, bytes, true, extras);
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

  const decode: DecodeAudio = (bytes, signal, onDuration, extras) => {
    signal?.throwIfAborted();
    const worker = startWorker();
    return new Promise<DecodedSpeech>((resolve, reject) => {
      let settled = false;
      let threadDone = false;
      const finish = (action: () => void): void => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        release(worker, !threadDone);
        action();
      };
      const onAbort = (): void => finish(() => reject(signal?.reason));
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (reply: AudioWorkerReply) => {
        if (reply.type === 'duration') {
          if (!settled) onDuration?.(reply.durationSeconds);
          return;
        }
        // Progress of a whole decode is not followed: the transcription starts after it.
        if (reply.type === 'expected-duration') return;
        if (isFinal(reply)) threadDone = true;
        finish(() => {
          if (reply.type === 'decoded') resolve(reply.speech);
          else if (reply.type === 'rejected') reject(new AudioDecodeError(reply.code, reply.message));
          else if (reply.type === 'failed') reject(new Error(`Audio decoding failed: ${reply.message}`));
          else reject(new Error(`Audio decoding failed: unexpected ${reply.type} reply`));
        });
      });
      worker.on('error', (error) => {
        threadDone = true;
        finish(() => reject(error));
      });
      worker.on('exit', (code) => {
        threadDone = true;
        finish(() => reject(new Error(`The audio decoding thread stopped (exit code ${code}).`)));
      });
      post(worker, bytes, false, extras);
    });
  };
  return Object.assign(decode, { stream });
}
