import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { VOICE_NOTE_ERROR_CODES } from '@voxpad/shared/voice-notes';
import { isHttpError } from '../../../lib/api-client.ts';

/**
 * Refusals about the audio itself (damaged, not audio, too large, too long, empty): sending
 * the same bytes again gets the same answer, so a person is offered another recording or
 * file instead of "Upload again".
 */
const REFUSED_AUDIO: ReadonlySet<string> = new Set([
  API_ERROR_CODES.invalid,
  API_ERROR_CODES.payloadTooLarge,
  API_ERROR_CODES.unsupportedMediaType,
  VOICE_NOTE_ERROR_CODES.durationTooLong,
  VOICE_NOTE_ERROR_CODES.empty,
]);

/** Whether uploading the same audio again can succeed, judged by the server's error code. */
export function uploadCanBeRetried(error: unknown): boolean {
  if (!isHttpError(error)) return true;
  if (error.status >= 500 || error.status === 408 || error.status === 429) return true;
  const refused = error.errors.some(
    (item) => REFUSED_AUDIO.has(item.code) && (item.param === undefined || item.param === 'file'),
  );
  return !refused && error.status !== 413 && error.status !== 415;
}
