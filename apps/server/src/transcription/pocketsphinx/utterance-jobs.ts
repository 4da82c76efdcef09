/**
 * A recording decoded in the utterances a live stream is cut into (ADR 0039): its pieces go,
 * in order, through the live stream's endpointer (audio/utterance-endpointer.ts), and each
 * utterance it cuts (with its context) is one job on the worker pool, decoded as the live
 * stream's finals are. At most `limit` utterances are decoded or waiting at a time, so a long
 * recording is never held whole; their words come back in recording order.
 */
import { setMaxListeners } from 'node:events';

import type { SpeechChunk } from '../audio/speech-chunker.ts';
import { type Utterance, UtteranceEndpointer } from '../audio/utterance-endpointer.ts';
import { utteranceWords } from '../audio/utterance-words.ts';
import type { TranscriptWord } from '../transcriber.ts';
import type { PersonalModelPaths } from '../personal-model.ts';
import type { WorkerPool } from './pool.ts';

/** The endpointer is fed this many samples at a time (1 s), so it cuts as it goes. */
const FEED_SAMPLES = 16000;

export interface UtteranceJobsInput {
  pool: WorkerPool;
  /** Consecutive pieces of the recording, in order. */
  pieces: AsyncIterable<SpeechChunk> | Iterable<SpeechChunk>;
  /** Utterances decoded or waiting at once. */
  limit: number;
  /**
   * The recording's length when known (progress), or as soon as it is known; until then, and
   * until the end, progress stays under 1.
   */
  totalSamples?: number | (() => number);
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** The owner's build (ADR 0040); stock without one. */
  model?: PersonalModelPaths | undefined;
  /** Hears once why the model could not be opened (the stock decoder was used). */
  onModelFailure?: ((reason: string) => void) | undefined;
}

export interface DecodedRecording {
  words: TranscriptWord[];
  /** Samples in the recording. */
  samples: number;
}

/**
 * Decodes one utterance on the pool: its own audio, without the context before it (ADR 0062).
 * The engine's silence is left out first (silence-compaction.ts, in the worker), so its
 * normalisation sees speech rather than pauses, which the context was there to give it; decoding
 * the context searched each utterance's 1.5 s before it again, about 40% more audio on speech
 * with short pauses, for no gain in words.
 */
export async function decodeUtterance(
  pool: WorkerPool,
  utterance: Utterance,
  options: {
    signal?: AbortSignal | undefined;
    onProgress?: (fraction: number) => void;
    model?: PersonalModelPaths | undefined;
    onModelFailure?: ((reason: string) => void) | undefined;
  } = {},
): Promise<TranscriptWord[]> {
  // The pool transfers what it is given to its thread: a copy leaves the caller's utterance whole.
  const { words, modelFailure } = await pool.run(utterance.pcm.slice(utterance.from - utterance.start), {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.model ? { model: options.model } : {}),
  });
  if (modelFailure) options.onModelFailure?.(modelFailure);
  return utteranceWords({ start: utterance.from, from: utterance.from }, words);
}

export async function decodeInUtterances(input: UtteranceJobsInput): Promise<DecodedRecording> {
  const { pool, pieces, limit, totalSamples, onProgress, signal, model } = input;
  let told = false;
  const onModelFailure = (reason: string): void => {
    if (told) return;
    told = true;
    input.onModelFailure?.(reason);
  };
  const controller = new AbortController();
  setMaxListeners(limit + 10, controller.signal);
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });

  const cut: Utterance[] = [];
  const endpointer = new UtteranceEndpointer((utterance) => cut.push(utterance));
  const results: TranscriptWord[][] = [];
  const running = new Set<Promise<void>>();
  /** Own samples of each unfinished utterance not decoded yet (progress). */
  const pending = new Map<number, number>();
  let fed = 0;
  let ended = false;
  let reported = 0;
  let failure: { error: unknown } | undefined;

  const report = (): void => {
    if (!onProgress || fed === 0) return;
    let left = 0;
    for (const samples of pending.values()) left += samples;
    const total = typeof totalSamples === 'function' ? totalSamples() : (totalSamples ?? 0);
    let fraction = Math.max(0, fed - left) / Math.max(fed, total);
    if (!ended) fraction = Math.min(fraction, 0.99);
    if (fraction > reported) {
      reported = fraction;
      onProgress(fraction);
    }
  };

  const dispatch = (utterance: Utterance): void => {
    const index = results.length;
    results.push([]);
    const own = utterance.pcm.length - (utterance.from - utterance.start);
    pending.set(index, own);
    const job = decodeUtterance(pool, utterance, {
      signal: controller.signal,
      model,
      onModelFailure,
      onProgress: (fraction) => {
        pending.set(index, own * (1 - fraction));
        report();
      },
    }).then((words) => {
      results[index] = words;
      pending.delete(index);
      report();
    });
    const tracked: Promise<void> = job.then(
      () => void running.delete(tracked),
      (error: unknown) => {
        running.delete(tracked);
        failure ??= { error };
        // One utterance failed: drop the others rather than decode audio nobody will read.
        controller.abort(error);
      },
    );
    running.add(tracked);
  };

  const dispatchCut = async (): Promise<void> => {
    while (cut.length > 0) {
      while (running.size >= limit && !failure) await Promise.race(running);
      if (failure) return;
      dispatch(cut.shift()!);
    }
  };

  try {
    for await (const piece of pieces) {
      if (failure) break;
      controller.signal.throwIfAborted();
      if (piece.start < fed) throw new Error('Recording pieces overlap.');
      // A gap between pieces (none is expected) is silence.
      if (piece.start > fed) endpointer.push(new Int16Array(piece.start - fed));
      fed = piece.start;
      for (let at = 0; at < piece.pcm.length; at += FEED_SAMPLES) {
        const part = piece.pcm.subarray(at, at + FEED_SAMPLES);
        endpointer.push(part);
        fed += part.length;
        report();
        await dispatchCut();
        if (failure) break;
      }
    }
    if (!failure) {
      endpointer.flush();
      await dispatchCut();
    }
    ended = true;
    await Promise.all(running);
    if (failure) throw failure.error;
    report();
  } catch (error) {
    controller.abort(error);
    await Promise.allSettled(running);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return { words: results.flat(), samples: fed };
}
