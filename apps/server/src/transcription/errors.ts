/**
 * Why a transcription failed. `code` is stable for programs; the message is
 * written for whoever operates the server (it names the fix where there is one).
 */
export type TranscriptionErrorCode =
  /** The native engine library is missing or incompatible. */
  | 'engine_unavailable'
  /** The acoustic model, language model or dictionary is missing. */
  | 'model_missing'
  /** The engine rejected or failed on this audio. */
  | 'decode_failed'
  /** The background worker died or could not start. */
  | 'worker_failed'
  | 'unsupported_language'
  | 'invalid_input'
  /** `close()` was called before the job finished. */
  | 'closed';

export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';

  constructor(
    readonly code: TranscriptionErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
