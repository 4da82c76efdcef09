import { VOICE_NOTE_ERROR_CODES } from '@voxpad/shared/voice-notes';
import { ApiProblem } from '../http/api-problem.ts';

export const TRANSCRIPT_ERROR_CODES = {
  notFailed: 'not_failed',
  busy: VOICE_NOTE_ERROR_CODES.transcriptionInProgress,
  noTranscript: 'no_transcript',
} as const;

export const conflict = (code: string, message: string) => new ApiProblem(409, [{ code, message }]);

export const busy = (message = 'This voice note is already being transcribed.') =>
  conflict(TRANSCRIPT_ERROR_CODES.busy, message);
