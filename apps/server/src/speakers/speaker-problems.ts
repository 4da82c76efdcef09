/** The speaker endpoints' refusals, in words (ADR 0053). */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { SPEAKER_ERROR_CODES } from '@voxpad/shared/speakers';
import { ApiProblem } from '../http/api-problem.ts';
import type { SpeakerEditProblem } from '../transcripts/speakers/speaker-edits.ts';

export const noSpeakers = () =>
  new ApiProblem(409, [
    {
      code: SPEAKER_ERROR_CODES.noSpeakers,
      message:
        'This voice note has no speakers yet. Transcribe it (again) to find who speaks, then edit the speakers.',
    },
  ]);

export function speakerEditProblem(problem: SpeakerEditProblem): ApiProblem {
  if (problem.kind === 'unknown_speaker') {
    return new ApiProblem(404, [
      {
        code: SPEAKER_ERROR_CODES.unknownSpeaker,
        param: problem.param,
        message: `This voice note has no speaker "${problem.id}".`,
      },
    ]);
  }
  return new ApiProblem(400, [
    { code: API_ERROR_CODES.invalid, param: problem.param, message: problem.message },
  ]);
}
