import type { DecodedSpeech } from './decode-speech.ts';
import type { AudioDecodeErrorCode } from './errors.ts';

/** workerData that makes the transcription worker entry decode audio instead of speech. */
export interface AudioWorkerSettings {
  role: 'audio';
  ffmpegPath?: string;
}

export interface AudioWorkerRequest {
  /** Transferred. */
  bytes: Uint8Array;
  maxDurationSeconds: number;
}

export type AudioWorkerReply =
  | { type: 'decoded'; speech: DecodedSpeech; decodeSeconds: number }
  | { type: 'rejected'; code: AudioDecodeErrorCode; message: string }
  | { type: 'failed'; message: string };

export function isAudioWorkerSettings(data: unknown): data is AudioWorkerSettings {
  return typeof data === 'object' && data !== null && 'role' in data && data.role === 'audio';
}
