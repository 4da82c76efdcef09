/**
 * Offline speech recognition with whisper.cpp (through the `smart-whisper` binding, which
 * compiles its bundled whisper.cpp at install) and a ggml model file (WHISPER_MODEL_PATH;
 * `npm run download-model -w @voxpad/server -- base.en` fetches one).
 *
 *   const transcriber = createWhisperTranscriber({ modelPath: 'models/ggml-base.en.bin' });
 *   const transcript = await transcriber.transcribe({ samples, sampleRate: 16000 });
 *   await transcriber.close();
 *
 * Design: each of `workers` host processes (host.ts, driven by host-process.ts, started on
 * first use) loads the model once and decodes one recording at a time on whisper.cpp's own
 * threads, so the event loop never waits on inference. A process, not a worker thread:
 * smart-whisper dereferences a null context when whisper.cpp rejects a model file, which
 * would kill the whole server; a host that dies is reported as a TranscriptionError and
 * started again for the next job. The file's header is checked first (model-check.ts), so the
 * common mistakes get a precise message. This file hands recordings to free hosts in turn;
 * to-transcript.ts turns whisper's segments and tokens into words.
 */
import path from 'node:path';
import { TranscriptionError } from '../errors.ts';
import type { TranscribeInput, Transcriber, Transcript } from '../transcriber.ts';
import { toTranscript } from './to-transcript.ts';
import { resolveHostUrl, WhisperHost } from './host-process.ts';

export interface WhisperOptions {
  /** A whisper.cpp ggml model file, e.g. ggml-base.en.bin. */
  modelPath: string;
  /** Host processes, each with its own copy of the model. Default 1. */
  workers?: number;
  /** whisper.cpp threads per recording. Default 2. */
  threads?: number;
  /** Host module to start; defaults to host.ts (sources) or whisper-host.js (bundle). */
  hostUrl?: URL;
}

const SAMPLE_RATE = 16000;

interface Job {
  input: TranscribeInput;
  resolve: (t: Transcript) => void;
  reject: (e: unknown) => void;
}

export function createWhisperTranscriber(options: WhisperOptions): Transcriber {
  const { modelPath, workers = 1, threads = 2 } = options;
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`workers must be a positive integer, got ${workers}.`);
  }
  const hostUrl = resolveHostUrl(options.hostUrl);
  const idle: WhisperHost[] = Array.from({ length: workers }, () => new WhisperHost(modelPath, hostUrl));
  const all = [...idle];
  const queue: Job[] = [];
  let closed = false;

  const pump = () => {
    while (idle.length > 0 && queue.length > 0) {
      const host = idle.pop()!;
      const job = queue.shift()!;
      void runJob(host, job).finally(() => {
        idle.push(host);
        pump();
      });
    }
  };

  const runJob = async (host: WhisperHost, job: Job) => {
    const { samples, language, signal, onProgress } = job.input;
    if (signal?.aborted) return job.reject(signal.reason);
    const durationSeconds = samples.length / SAMPLE_RATE;
    const onAbort = () => {
      job.reject(signal?.reason);
      host.kill();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let seen = 0;
      const segments = await host.run(samples, language ?? 'auto', threads, () => {
        seen++;
        onProgress?.(Math.min(0.99, (seen * 30) / Math.max(30, durationSeconds)));
      });
      onProgress?.(1);
      job.resolve(toTranscript(segments, durationSeconds, language));
    } catch (error) {
      job.reject(error);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };

  return {
    name: 'whisper',
    model: path.basename(options.modelPath),

    transcribe(input: TranscribeInput): Promise<Transcript> {
      if (closed) return Promise.reject(new TranscriptionError('closed', 'The whisper engine is closed.'));
      if (input.sampleRate !== SAMPLE_RATE) {
        return Promise.reject(
          new TranscriptionError(
            'invalid_input',
            `whisper needs 16 kHz audio, got ${String(input.sampleRate)} Hz.`,
          ),
        );
      }
      try {
        input.signal?.throwIfAborted();
      } catch (error) {
        return Promise.reject(error);
      }
      if (input.samples.length === 0) {
        return Promise.resolve({
          text: '',
          language: input.language ?? 'en',
          durationSeconds: 0,
          segments: [],
        });
      }
      return new Promise<Transcript>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      });
    },

    async close() {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new TranscriptionError('closed', 'The whisper engine closed.'));
      await Promise.all(all.map((h) => h.close()));
    },
  };
}
