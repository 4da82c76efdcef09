import { TRANSCRIPT_ERROR_CODES } from '@voxpad/shared/transcripts';
import { ApiProblem } from '../http/api-problem.ts';

export const conflict = (code: string, message: string) => new ApiProblem(409, [{ code, message }]);

export const busy = (message = 'This voice note is already being transcribed.') =>
  conflict(TRANSCRIPT_ERROR_CODES.busy, message);
