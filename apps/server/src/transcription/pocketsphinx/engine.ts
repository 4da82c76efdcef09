/**
 * Offline speech recognition with CMU pocketsphinx (Debian's
 * `pocketsphinx` + `pocketsphinx-en-us` packages, US English only).
 *
 *   const transcriber = createPocketsphinxTranscriber({ workers: 1 });
 *   const transcript = await transcriber.transcribePcm({ pcm, onProgress }); // 16 kHz mono
 *   await transcriber.close();                                               // on shutdown
 *
 * How it fits together: this module (main thread) cuts the recording into
 * utterances at pauses exactly as a live stream is cut (utterance-jobs.ts,
 * audio/utterance-endpointer.ts) and queues each on a pool of worker threads
 * (pool.ts). Each worker (decoder-worker.ts) loads the model once (~0.3 s), leaves
 * out the frames the engine's own silence filter would (silence-compaction.ts) and
 * decodes the rest of the utterance as a whole through koffi FFI (decoder.ts,
 * bindings.ts). Words are then grouped into segments at pauses.
 *
 * Measured on a 2-core machine that was also busy with other work:
 * real-time factor 0.15–0.3 (a one-minute note takes 10–20 s), about
 * 140 MB resident per worker. Word error rate 6% on clean synthetic speech
 * (flite), 28% on read audiobook speech (pocketsphinx's librivox test clips).
 *
 * Bundling: worker-thread.ts must be emitted as `transcription-worker.js` next to
 * the bundle that contains this module (see worker-entry.ts), and `koffi` must stay external.
 */
import path from 'node:path';

import { floatToInt16 } from '../audio/pcm.ts';
import type {
  PcmTranscribeInput,
  StreamTranscribeInput,
  UtteranceTranscriber,
} from '../audio/pcm-transcriber.ts';
import type { SpeechChunk } from '../audio/speech-chunker.ts';
import type { Utterance } from '../audio/utterance-endpointer.ts';
import { TranscriptionError } from '../errors.ts';
import type { DecodeModel } from '../personal-model.ts';
import { groupIntoSegments } from '../segments.ts';
import type { TranscribeInput, Transcript, TranscriptWord } from '../transcriber.ts';
import { resolveWorkerEntry } from '../worker-entry.ts';
import { DEFAULT_MODEL_DIR } from './model.ts';
import { WorkerPool } from './pool.ts';
import { acquireSharedPool } from './shared-pools.ts';
import { decodeInUtterances, decodeUtterance } from './utterance-jobs.ts';

export interface PocketsphinxOptions {
  /** Directory of the model; defaults to Debian's /usr/share/pocketsphinx/model/en-us. */
  modelDir?: string;
  /** Decoding threads; each holds its own copy of the model (~140 MB). Default 1. */
  workers?: number;
  /** Worker module to start; see resolveWorkerEntry. */
  workerUrl?: URL;
  /** Decoders each worker keeps open, the stock one included (ADR 0040); default 2. */
  decodersPerThread?: number;
  /**
   * Share the decoder threads with the process's other transcribers of the same settings
   * (shared-pools.ts), kept `keepMs` after the last one closes. Without it the threads are
   * this transcriber's own.
   */
  share?: { keepMs: number };
}

const SAMPLE_RATE = 16000;

export function createPocketsphinxTranscriber(options: PocketsphinxOptions = {}): UtteranceTranscriber {
  const { modelDir, workers = 1, workerUrl, decodersPerThread, share } = options;
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`workers must be a positive integer, got ${workers}.`);
  }
  const poolOptions = {
    size: workers,
    entry: resolveWorkerEntry(workerUrl),
    ...(modelDir === undefined ? {} : { modelDir }),
    ...(decodersPerThread === undefined ? {} : { decodersPerThread }),
  };
  const lease = share ? acquireSharedPool(poolOptions, share.keepMs) : undefined;
  const pool = lease?.pool ?? new WorkerPool(poolOptions);
  // Closing ends this transcriber's jobs; the threads of a shared pool serve the others on.
  const closing = new AbortController();
  const withClosing = (signal: AbortSignal | undefined): AbortSignal =>
    signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;

  const checkInput = (language: string | undefined, signal: AbortSignal | undefined): void => {
    if (language !== undefined && !/^en(-|_|$)/i.test(language)) {
      throw new TranscriptionError(
        'unsupported_language',
        `The pocketsphinx engine only understands English, not "${language}".`,
      );
    }
    if (closing.signal.aborted) throw closedError();
    signal?.throwIfAborted();
  };

  /**
   * Decodes the recording in the utterances a live stream is cut into (utterance-jobs.ts), each
   * as its own job, so one long recording keeps every worker busy and a live transcript equals
   * the file decode of its audio. Each utterance is decoded as a whole (full_utt, see
   * decoder.ts), so the words do not depend on which worker decoded what before.
   */
  const decode = async (
    pieces: AsyncIterable<SpeechChunk> | Iterable<SpeechChunk>,
    {
      onProgress,
      signal,
      model,
      onModelFailure,
    }: {
      onProgress?: ((fraction: number) => void) | undefined;
      signal?: AbortSignal | undefined;
    } & DecodeModel,
    totalSamples?: number | (() => number),
  ): Promise<Transcript> => {
    const { words, samples } = await decodeInUtterances({
      pool,
      pieces,
      limit: workers + 1,
      onProgress,
      signal: withClosing(signal),
      model,
      onModelFailure,
      ...(totalSamples === undefined ? {} : { totalSamples }),
    });
    const segments = groupIntoSegments(words);
    return {
      text: segments.map((segment) => segment.text).join(' '),
      language: 'en',
      durationSeconds: samples / SAMPLE_RATE,
      segments,
    };
  };

  /** Whole PCM (its planned chunks, if any, are only consecutive pieces of it). */
  const decodePcm = (input: PcmTranscribeInput): Promise<Transcript> => {
    const { pcm } = input;
    const ranges = input.chunks ?? [{ start: 0, end: pcm.length }];
    const pieces = ranges.map(({ start, end }) => ({ pcm: pcm.subarray(start, end), start }));
    return decode(pieces, input, pcm.length);
  };

  const transcriber: UtteranceTranscriber = {
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
      const pcm = floatToInt16(samples);
      return decode([{ pcm, start: 0 }], { onProgress, signal }, pcm.length);
    },

    async transcribePcm(input: PcmTranscribeInput): Promise<Transcript> {
      checkInput(input.language, input.signal);
      return decodePcm(input);
    },

    async transcribeStream(input: StreamTranscribeInput): Promise<Transcript> {
      checkInput(input.language, input.signal);
      return decode(input.chunks, input, input.expectedSamples);
    },

    async transcribeUtterance(
      utterance: Utterance,
      signal?: AbortSignal,
      model: DecodeModel = {},
    ): Promise<TranscriptWord[]> {
      if (closing.signal.aborted) throw closedError();
      signal?.throwIfAborted();
      return decodeUtterance(pool, utterance, { signal: withClosing(signal), ...model });
    },

    async close(): Promise<void> {
      if (!closing.signal.aborted) closing.abort(closedError());
      await (lease ? lease.release() : pool.close());
    },
  };
  return transcriber;
}

function closedError(): TranscriptionError {
  return new TranscriptionError('closed', 'The transcriber was closed before the job finished.');
}
