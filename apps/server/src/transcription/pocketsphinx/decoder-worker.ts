/**
 * The pocketsphinx side of the transcription worker thread (worker-thread.ts). The native
 * calls block for seconds, so they run there instead of on the server's event loop. The
 * stock model is loaded when the thread starts and kept for the next jobs; a job that names a
 * person's build is decoded with their decoder. Both are kept open, a few at most
 * (thread-decoders.ts, ADR 0040).
 */
import type { MessagePort } from 'node:worker_threads';

import { planUtterances } from '../audio/utterances.ts';
import { TranscriptionError, type TranscriptionErrorCode } from '../errors.ts';
import type { TranscriptWord } from '../transcriber.ts';
import { type PocketsphinxDecoder, SAMPLE_RATE } from './decoder.ts';
import { resolveDecodingModel } from './decoding-dictionary.ts';
import { ThreadDecoders } from './thread-decoders.ts';
import type { SerializedError, WorkerMessage, WorkerRequest, WorkerSettings } from './protocol.ts';
import { compactSilence } from './silence-compaction.ts';

class Cancelled extends Error {}

/** Serves decoding jobs on `port`; `workerData` is the thread's WorkerSettings (pool.ts). */
export function runDecoderWorker(port: MessagePort, workerData: unknown): void {
  const settings = readSettings(workerData);
  const post = (message: WorkerMessage): void => port.postMessage(message);

  let decoders: ThreadDecoders | undefined;
  try {
    decoders = new ThreadDecoders(resolveDecodingModel(settings.modelDir), settings.decodersPerThread ?? 2);
    // Opened now, so a thread with a broken model never says it is ready.
    decoders.get();
    post({ type: 'ready' });
  } catch (error) {
    // Without a message listener the thread exits once this is delivered.
    post({ type: 'init-error', error: serialize(error, 'worker_failed') });
  }

  if (decoders) {
    const open = decoders;
    const handle = async (message: WorkerRequest): Promise<void> => {
      if (message.type === 'close') {
        // Freeing here matters: a terminated thread leaks the native decoder
        // (measured ~95 MB per worker).
        open.close();
        port.close();
        return;
      }
      const { id, pcm, model } = message;
      const started = performance.now();
      // A build that cannot be opened never fails the job: the stock decoder takes it, and the
      // result says why so the caller can log it.
      let chosen: PocketsphinxDecoder | undefined;
      let modelFailure: string | undefined;
      if (model) {
        try {
          chosen = open.get(model);
        } catch (error) {
          modelFailure = error instanceof Error ? error.message : String(error);
        }
      }
      try {
        const words = await decodeRecording(chosen ?? open.get(), settings, post, id, pcm);
        const decodeSeconds = (performance.now() - started) / 1000;
        post({ type: 'result', id, words, decodeSeconds, ...(modelFailure ? { modelFailure } : {}) });
      } catch (error) {
        if (error instanceof Cancelled) post({ type: 'cancelled', id });
        else post({ type: 'error', id, error: serialize(error, 'decode_failed') });
      }
    };
    // The native decode runs off this thread, so messages can arrive mid-decode: they wait
    // their turn (a close must never free the decoder under a running search).
    let turn = Promise.resolve();
    port.on('message', (message: WorkerRequest) => {
      turn = turn.then(() => handle(message));
    });
  }
}

async function decodeRecording(
  open: PocketsphinxDecoder,
  settings: WorkerSettings,
  post: (message: WorkerMessage) => void,
  id: number,
  pcm: Int16Array,
): Promise<TranscriptWord[]> {
  const words: TranscriptWord[] = [];
  const share = (sample: number) => (pcm.length === 0 ? 1 : sample / pcm.length);
  for (const { start, end } of planUtterances(pcm, { sampleRate: SAMPLE_RATE })) {
    // The main thread cannot interrupt a native call, but it can raise this
    // flag, which is checked between utterances.
    if (Atomics.load(settings.cancel, 0) === id) throw new Cancelled();
    const offset = start / SAMPLE_RATE;
    const speech = compactSilence(pcm.subarray(start, end), SAMPLE_RATE);
    // Within an utterance the engine's own position says how far it is.
    const within = (fraction: number) =>
      post({ type: 'progress', id, fraction: share(start + fraction * (end - start)) });
    for (const word of await open.decode(speech.pcm, within)) {
      words.push({
        ...word,
        start: toMilliseconds(speech.toOriginal(word.start) + offset),
        end: toMilliseconds(speech.toOriginal(word.end, true) + offset),
      });
    }
    post({ type: 'progress', id, fraction: share(end) });
  }
  return words;
}

/** Times are multiples of 10 ms; rounding drops float noise such as 30.259999999999998. */
function toMilliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

function readSettings(data: unknown): WorkerSettings {
  if (
    typeof data !== 'object' ||
    data === null ||
    !('cancel' in data) ||
    !(data.cancel instanceof Int32Array)
  ) {
    throw new Error('The pocketsphinx worker was started without its settings.');
  }
  const modelDir = 'modelDir' in data && typeof data.modelDir === 'string' ? data.modelDir : undefined;
  const decodersPerThread =
    'decodersPerThread' in data && typeof data.decodersPerThread === 'number'
      ? data.decodersPerThread
      : undefined;
  return {
    cancel: data.cancel,
    ...(modelDir === undefined ? {} : { modelDir }),
    ...(decodersPerThread === undefined ? {} : { decodersPerThread }),
  };
}

function serialize(error: unknown, fallback: TranscriptionErrorCode): SerializedError {
  if (error instanceof TranscriptionError) return { code: error.code, message: error.message };
  return {
    code: fallback,
    message: `pocketsphinx failed: ${error instanceof Error ? error.message : String(error)}`,
  };
}
