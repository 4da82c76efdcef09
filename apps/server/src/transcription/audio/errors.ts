/**
 * Why a recording could not be turned into samples. The `code` is stable and
 * meant for programs (API responses, metrics); the message is meant for the
 * person who uploaded the file and may be shown as-is.
 */
export type AudioDecodeErrorCode =
  'not_wav' | 'unsupported_encoding' | 'unsupported_format' | 'empty_audio' | 'truncated';

export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';

  constructor(
    readonly code: AudioDecodeErrorCode,
    message: string,
  ) {
    super(message);
  }
}
