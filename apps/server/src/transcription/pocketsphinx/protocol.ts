/**
 * Messages between the engine (main thread) and its decoding workers. Kept in
 * one place so both sides agree on the shapes; the worker is our own code, so
 * the main thread only checks the `type` tag.
 */
import type { TranscriptionErrorCode } from '../errors.ts';
import type { TranscriptWord } from '../transcriber.ts';
import type { PersonalModelPaths } from '../personal-model.ts';

/** Passed as `workerData`. */
export interface WorkerSettings {
  modelDir?: string;
  /**
   * Shared with the main thread, which stores the id of a job it no longer
   * wants; the worker checks it between utterances.
   */
  cancel: Int32Array;
  /** Decoders kept open per thread, stock and people's, least recently used closed first (ADR 0040). */
  decodersPerThread?: number;
}

export interface DecodeRequest {
  type: 'decode';
  id: number;
  /** 16 kHz mono; transferred, so the sender must not use it afterwards. */
  pcm: Int16Array;
  /** The owner's build to decode with; the stock decoder without one. */
  model?: PersonalModelPaths;
}

export type WorkerRequest = DecodeRequest | { type: 'close' };

export interface SerializedError {
  code: TranscriptionErrorCode;
  message: string;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'init-error'; error: SerializedError }
  | { type: 'progress'; id: number; fraction: number }
  | {
      type: 'result';
      id: number;
      words: TranscriptWord[];
      decodeSeconds: number;
      /** Set when the job named a model that could not be opened and the stock decoder was used. */
      modelFailure?: string;
    }
  | { type: 'error'; id: number; error: SerializedError }
  | { type: 'cancelled'; id: number };

const MESSAGE_TYPES = new Set(['ready', 'init-error', 'progress', 'result', 'error', 'cancelled']);

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof value.type === 'string' &&
    MESSAGE_TYPES.has(value.type)
  );
}
