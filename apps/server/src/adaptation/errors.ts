/** What can go wrong while adapting the recogniser to one person. */
export type AdaptationErrorCode =
  /** A model file is missing or not in the format we read. */
  | 'model_unreadable'
  /** A Debian tool (sphinxtrain, sphinxbase-utils, espeak-ng) is not installed. */
  | 'tool_missing'
  /** A Debian tool ran and failed. */
  | 'tool_failed'
  /** The recordings or sentences given are not enough to adapt from. */
  | 'not_enough_data';

export class AdaptationError extends Error {
  readonly code: AdaptationErrorCode;

  constructor(code: AdaptationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AdaptationError';
    this.code = code;
  }
}
