/**
 * Messages between a live stream (main thread, stream-lease.ts) and its decoder thread
 * (stream-worker.ts). Both sides are our code, so the main thread checks only the `type` tag.
 */
import type { TranscriptWord } from '../transcriber.ts';
import type { SerializedError } from './protocol.ts';

export const POSTED = 0;
export const DROPPED = 1;

/** Passed as `workerData`; `kind` tells worker-thread.ts which loop to run. */
export interface StreamWorkerSettings {
  kind: 'live-stream';
  modelDir?: string;
  /**
   * Shared with the main thread: [POSTED] samples posted so far (the worker compares it with
   * what it decoded to know whether it is behind, and then skips partials); [DROPPED] 1 once the
   * stream is thrown away (audio still queued is then not decoded, so the thread frees its
   * decoder and ends at once).
   */
  shared: Int32Array;
}

export interface StreamAudio {
  type: 'audio';
  /** Recording position of the utterance's first sample (echoed back with its words). */
  utterance: number;
  /** The next samples of that utterance; transferred. */
  pcm: Int16Array;
  /** The endpointer cut the utterance after these samples: its final words are wanted. */
  end: boolean;
}

export type StreamRequest = StreamAudio | { type: 'close' };

export type StreamReply =
  | { type: 'ready' }
  | { type: 'init-error'; error: SerializedError }
  /** Words with times from the utterance's first sample; `decoded` counts every sample decoded. */
  | { type: 'partial'; utterance: number; words: TranscriptWord[]; decoded: number }
  | { type: 'final'; utterance: number; words: TranscriptWord[]; decoded: number }
  /** Samples decoded without a partial to send (behind, or nothing new heard). */
  | { type: 'decoded'; decoded: number }
  | { type: 'error'; error: SerializedError };

const REPLY_TYPES = new Set(['ready', 'init-error', 'partial', 'final', 'decoded', 'error']);

export function isStreamReply(value: unknown): value is StreamReply {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof value.type === 'string' &&
    REPLY_TYPES.has(value.type)
  );
}

export function isStreamWorkerSettings(value: unknown): value is StreamWorkerSettings {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    value.kind === 'live-stream' &&
    'shared' in value &&
    value.shared instanceof Int32Array
  );
}
