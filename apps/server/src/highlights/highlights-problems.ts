/** The refusals of highlights, in the product API's error shape, worded for the person. */
import { HIGHLIGHT_ERROR_CODES } from '@voxpad/shared/highlights';
import { formatShareClock as formatClock } from '@voxpad/shared/shares';
import { ApiProblem, badRequest, notFound } from '../http/api-problem.ts';

export const noteNotFound = () => notFound('This voice note');
export const highlightNotFound = () => notFound('This highlight');

export const startOutsideNote = (durationSeconds: number) =>
  badRequest(
    `The note is ${formatClock(durationSeconds)} long: a highlight must start between 0:00 and ${formatClock(durationSeconds)}.`,
    'start',
  );

export const endOutsideNote = (durationSeconds: number) =>
  badRequest(
    `The note is ${formatClock(durationSeconds)} long: a highlight must end by ${formatClock(durationSeconds)}.`,
    'end',
  );

export const endNotAfterStart = () =>
  badRequest('The end of a highlight must come after its start. Leave the end out to mark a moment.', 'end');

export const tooManyHighlights = (limit: number) =>
  new ApiProblem(409, [
    {
      code: HIGHLIGHT_ERROR_CODES.highlightLimitReached,
      message: `This note has ${limit} highlights already, the most one note can keep. Delete one you no longer need, then add this one.`,
    },
  ]);
