import type { SpeakerCount } from '../speakers/clustering.ts';
import type { DecodedSpeech, StreamedSpeech } from './decode-speech.ts';
import type { AudioDecodeErrorCode } from './errors.ts';
import type { SpeechChunk } from './speech-chunker.ts';

/** workerData that makes the transcription worker entry decode audio instead of speech. */
export interface AudioWorkerSettings {
  role: 'audio';
  ffmpegPath?: string;
}

export interface AudioWorkerRequest {
  type: 'decode';
  /** Transferred. */
  bytes?: Uint8Array;
  /** A file the thread reads instead of `bytes`: the sender never holds the recording. */
  file?: string;
  maxDurationSeconds: number;
  /**
   * Send chunks as they are decoded ('chunk' replies, then 'streamed') instead of the
   * whole recording at the end. At most `window` chunks are sent ahead of the 'ack's.
   */
  stream?: { window: number };
  /**
   * Also find who spoke when (speakers/diarize.ts) on the same 16 kHz PCM, in this thread;
   * the answer carries `speakerTurns` and `speakerPrints` (ADR 0058). 1: nothing is told apart,
   * the answer carries the print of all the speech as one voice. Absent: none of this.
   */
  speakers?: SpeakerCount;
}

/** The receiver has taken one chunk off its queue. */
export interface AudioWorkerAck {
  type: 'ack';
}

/**
 * The receiver no longer wants the result: ffmpeg is killed and reaped, temporary files are
 * removed, and a final 'failed' reply says the thread may be terminated.
 */
export interface AudioWorkerCancel {
  type: 'cancel';
}

/** Messages the decoding thread receives. */
export type AudioWorkerMessage = AudioWorkerRequest | AudioWorkerAck | AudioWorkerCancel;

export type AudioWorkerReply =
  | { type: 'decoded'; speech: DecodedSpeech; decodeSeconds: number }
  | { type: 'chunk'; chunk: SpeechChunk }
  /** The recording's length, as soon as it is known (before 'decoded', 'streamed' or a failure). */
  | { type: 'duration'; durationSeconds: number }
  /** The length the recording's header states, before decoding (progress only). */
  | { type: 'expected-duration'; durationSeconds: number }
  | { type: 'streamed'; speech: StreamedSpeech; decodeSeconds: number }
  | { type: 'rejected'; code: AudioDecodeErrorCode; message: string }
  | { type: 'failed'; message: string };

export function isAudioWorkerSettings(data: unknown): data is AudioWorkerSettings {
  return typeof data === 'object' && data !== null && 'role' in data && data.role === 'audio';
}
