/**
 * Offline speech recognition with CMU pocketsphinx (Debian's
 * `pocketsphinx` + `pocketsphinx-en-us` packages, US English only).
 *
 *   const transcriber = createPocketsphinxTranscriber({ workers: 1 });
 *   const transcript = await transcriber.transcribePcm({ pcm, onProgress }); // 16 kHz mono
 *   await transcriber.close();                                               // on shutdown
 *
 * How it fits together: this module (main thread) converts samples to 16-bit
 * PCM and queues jobs on a pool of worker threads (pool.ts). Each worker
 * (decoder-worker.ts) loads the model once (~0.3 s) and, per job, splits the
 * recording into utterances at pauses (audio/utterances.ts), decodes each as a
 * whole utterance through koffi FFI (decoder.ts, bindings.ts) and reports
 * progress after each one. Words are then grouped into segments at pauses.
 *
 * Measured on a 2-core machine that was also busy with other work:
 * real-time factor 0.15–0.3 (a one-minute note takes 10–20 s), about
 * 140 MB resident per worker. Word error rate 6% on clean synthetic speech
 * (flite), 28% on read audiobook speech (pocketsphinx's librivox test clips).
 *
 * Bundling: worker-thread.ts must be emitted as `transcription-worker.js` next to
 * the bundle that contains this module (see worker-entry.ts), and `koffi` must stay external.
 */
import { setMaxListeners } from 'node:events';
import path from 'node:path';

import { floatToInt16 } from '../audio/pcm.ts';
import type {
  PcmTranscribeInput,
  StreamTranscribeInput,
  StreamTranscriber,
} from '../audio/pcm-transcriber.ts';
import { planUtterances } from '../audio/utterances.ts';
import { TranscriptionError } from '../errors.ts';
import { groupIntoSegments } from '../segments.ts';
import type { TranscribeInput, Transcript, TranscriptWord } from '../transcriber.ts';
import { resolveWorkerEntry } from '../worker-entry.ts';
import { DEFAULT_MODEL_DIR } from './model.ts';
import { WorkerPool } from './pool.ts';

export interface PocketsphinxOptions {
  /** Directory of the model; defaults to Debian's /usr/share/pocketsphinx/model/en-us. */
  modelDir?: string;
  /** Decoding threads; each holds its own copy of the model (~140 MB). Default 1. */
  workers?: number;
  /** Worker module to start; see resolveWorkerEntry. */
  workerUrl?: URL;
}

const SAMPLE_RATE = 16000;

export function createPocketsphinxTranscriber(options: PocketsphinxOptions = {}): StreamTranscriber {
  const { modelDir, workers = 1, workerUrl } = options;
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`workers must be a positive integer, got ${workers}.`);
  }
  const pool = new WorkerPool({
    size: workers,
    entry: resolveWorkerEntry(workerUrl),
    ...(modelDir === undefined ? {} : { modelDir }),
  });

  const checkInput = (language: string | undefined, signal: AbortSignal | undefined): void => {
    if (language !== undefined && !/^en(-|_|$)/i.test(language)) {
      throw new TranscriptionError(
        'unsupported_language',
        `The pocketsphinx engine only understands English, not "${language}".`,
      );
    }
    signal?.throwIfAborted();
  };

  /**
   * Decodes every chunk as its own job, so one long recording keeps every worker busy.
   * Each chunk is decoded as a whole utterance (full_utt, see decoder.ts), so the words do
   * not depend on which worker decoded what before: the result equals a one-worker run.
   */
  const decodeChunks = async (input: PcmTranscribeInput): Promise<Transcript> => {
    const { pcm, onProgress, signal } = input;
    const durationSeconds = pcm.length / SAMPLE_RATE;
    if (pcm.length === 0) return { text: '', language: 'en', durationSeconds, segments: [] };
    const chunks = input.chunks ?? planUtterances(pcm, { sampleRate: SAMPLE_RATE });
    const shared = pcm.buffer instanceof SharedArrayBuffer;
    const done = new Float64Array(chunks.length);
    let reported = 0;
    const report = (): void => {
      if (!onProgress) return;
      let samples = 0;
      for (const d of done) samples += d;
      const fraction = Math.min(1, samples / pcm.length);
      if (fraction > reported) {
        reported = fraction;
        onProgress(fraction);
      }
    };
    const controller = new AbortController();
    // Every queued chunk listens on it; a long note has hundreds.
    setMaxListeners(chunks.length + 10, controller.signal);
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const results = await Promise.all(
        chunks.map(async ({ start, end }, i) => {
          // Shared memory is read in place; otherwise each job gets (and transfers) its own copy.
          const part = shared ? pcm.subarray(start, end) : pcm.slice(start, end);
          const { words } = await pool.run(part, {
            signal: controller.signal,
            onProgress: (fraction) => {
              done[i] = fraction * (end - start);
              report();
            },
          });
          const offset = start / SAMPLE_RATE;
          return words.map((word) => ({
            ...word,
            start: toMilliseconds(word.start + offset),
            end: toMilliseconds(word.end + offset),
          }));
        }),
      ).catch((error: unknown) => {
        // One chunk failed: drop the others rather than decode audio nobody will read.
        controller.abort(error);
        throw error;
      });
      const segments = groupIntoSegments(results.flat());
      return {
        text: segments.map((segment) => segment.text).join(' '),
        language: 'en',
        durationSeconds,
        segments,
      };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };

  /**
   * Like decodeChunks, for chunks that arrive while the recording is still being decoded.
   * At most `workers + 1` chunks are taken ahead of the workers, so the decoder (which
   * waits for chunks to be taken) never runs far ahead; each chunk's buffer moves to its
   * worker and is freed once decoded. Word times get the same chunk offsets as above.
   */
  const decodeStream = async (input: StreamTranscribeInput): Promise<Transcript> => {
    const { chunks, onProgress, signal } = input;
    const limit = workers + 1;
    const controller = new AbortController();
    setMaxListeners(limit + 10, controller.signal);
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const results: TranscriptWord[][] = [];
    const running = new Set<Promise<void>>();
    const partial = new Map<number, number>();
    let received = 0;
    let finished = 0;
    let ended = false;
    let reported = 0;
    let failed = false;
    let failure: unknown;
    const report = (): void => {
      if (!onProgress || received === 0) return;
      let samples = finished;
      for (const p of partial.values()) samples += p;
      let fraction = Math.min(1, samples / received);
      if (!ended) fraction = Math.min(fraction, 0.99);
      if (fraction > reported) {
        reported = fraction;
        onProgress(fraction);
      }
    };
    try {
      for await (const { pcm, start } of chunks) {
        if (failed) break;
        controller.signal.throwIfAborted();
        const index = results.length;
        results.push([]);
        const length = pcm.length;
        received = Math.max(received, start + length);
        const offset = start / SAMPLE_RATE;
        const job = pool
          .run(pcm, {
            signal: controller.signal,
            onProgress: (fraction) => {
              partial.set(index, fraction * length);
              report();
            },
          })
          .then(({ words }) => {
            results[index] = words.map((word) => ({
              ...word,
              start: toMilliseconds(word.start + offset),
              end: toMilliseconds(word.end + offset),
            }));
            partial.delete(index);
            finished += length;
            report();
          });
        const tracked: Promise<void> = job.then(
          () => {
            running.delete(tracked);
          },
          (error: unknown) => {
            running.delete(tracked);
            if (!failed) {
              failed = true;
              failure = error;
            }
            // One chunk failed: drop the others rather than decode audio nobody will read.
            controller.abort(error);
          },
        );
        running.add(tracked);
        while (running.size >= limit && !failed) await Promise.race(running);
      }
      ended = true;
      await Promise.all(running);
      if (failed) throw failure;
      report();
    } catch (error) {
      controller.abort(error);
      await Promise.allSettled(running);
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    const segments = groupIntoSegments(results.flat());
    return {
      text: segments.map((segment) => segment.text).join(' '),
      language: 'en',
      durationSeconds: received / SAMPLE_RATE,
      segments,
    };
  };

  const transcriber: StreamTranscriber = {
    name: 'pocketsphinx',
    model: path.basename(modelDir ?? DEFAULT_MODEL_DIR),

    async transcribe(input: TranscribeInput): Promise<Transcript> {
      const { samples, sampleRate, language, onProgress, signal } = input;
      if (sampleRate !== SAMPLE_RATE) {
        throw new TranscriptionError(
          'invalid_input',
          `pocketsphinx needs 16 kHz audio, got ${String(sampleRate)} Hz.`,
        );
      }
      checkInput(language, signal);
      return decodeChunks({
        pcm: floatToInt16(samples),
        ...(onProgress ? { onProgress } : {}),
        ...(signal ? { signal } : {}),
      });
    },

    async transcribePcm(input: PcmTranscribeInput): Promise<Transcript> {
      checkInput(input.language, input.signal);
      return decodeChunks(input);
    },

    async transcribeStream(input: StreamTranscribeInput): Promise<Transcript> {
      checkInput(input.language, input.signal);
      return decodeStream(input);
    },

    close: () => pool.close(),
  };
  return transcriber;
}

/** Times are multiples of 10 ms; rounding drops float noise such as 30.259999999999998. */
function toMilliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
