/**
 * Why a recording could not be turned into samples. The `code` is stable and
 * meant for programs (API responses, metrics); the message is meant for the
 * person who uploaded the file and may be shown as-is.
 */
export type AudioDecodeErrorCode =
  | 'not_wav'
  | 'unsupported_encoding'
  | 'unsupported_format'
  | 'empty_audio'
  | 'truncated'
  /** The container was recognised but the decoder could not read it. */
  | 'corrupt'
  /** A media file without an audio stream (e.g. a video with pictures only). */
  | 'no_audio'
  /** Nothing above the noise floor: there is no speech to transcribe. */
  | 'silent_audio'
  /** Longer than MAX_DURATION_SECONDS. */
  | 'too_long'
  /** A sample rate outside SAMPLE_RATE_RANGE (sample-rate.ts). */
  | 'unsupported_sample_rate'
  /** Decodes to far more audio than a file of its size can hold (decode-speech.ts). */
  | 'implausible_duration';

export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';

  constructor(
    readonly code: AudioDecodeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A compressed recording its decoder could not read (ffmpeg-decode.ts, opus-decode.ts). */
export function damagedRecording(): AudioDecodeError {
  return new AudioDecodeError(
    'corrupt',
    'The recording is damaged and cannot be read. Try exporting or recording it again.',
  );
}
