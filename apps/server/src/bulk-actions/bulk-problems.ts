/** The bulk endpoint's refusals, in the product API's error shape, each failing id named by its place. */
import { API_ERROR_CODES, type ApiError } from '@voxpad/shared/api-errors';
import { BULK_ERROR_CODES, bulkIdParam } from '@voxpad/shared/bulk-actions';
import { ApiProblem } from '../http/api-problem.ts';

/** An id of the request that the action cannot take, and why. */
export interface FailedId {
  index: number;
  code: string;
  message: string;
}

export const noteNotFound = (index: number): FailedId => ({
  index,
  code: API_ERROR_CODES.notFound,
  message: 'This voice note was not found. It may have been deleted; refresh the list and select again.',
});

export const notRestorable = (index: number, undoMinutes: number): FailedId => ({
  index,
  code: BULK_ERROR_CODES.notRestorable,
  message: `This voice note cannot be brought back: only notes deleted in the last ${undoMinutes} minutes can.`,
});

export const padGone = (index: number): FailedId => ({
  index,
  code: BULK_ERROR_CODES.padGone,
  message: 'The pad this voice note was in has been deleted, so it cannot come back.',
});

/**
 * Nothing was changed; every failing id is listed (then `more`, e.g. a move's missing pad). 404
 * when every failure is something not there (another user's ids included, so they reveal
 * nothing), 409 when some are there but cannot take the action.
 */
export function refused(failures: readonly FailedId[], more: readonly ApiError[] = []): ApiProblem {
  const errors: ApiError[] = [
    ...[...failures]
      .sort((a, b) => a.index - b.index)
      .map((f) => ({ code: f.code, message: f.message, param: bulkIdParam(f.index) })),
    ...more,
  ];
  const status = errors.every((e) => e.code === API_ERROR_CODES.notFound) ? 404 : 409;
  return new ApiProblem(status, errors);
}

/**
 * Something changed between the checks and the write (another tab, another request), and the
 * checks run again find nothing wrong: nothing was changed, and sending it again will do.
 */
export const changedMeanwhile = () =>
  new ApiProblem(409, [
    {
      code: BULK_ERROR_CODES.changedMeanwhile,
      message: 'Some of these voice notes changed while this ran, so nothing was changed. Try again.',
    },
  ]);

export const tooManyIds = (count: number, max: number) =>
  new ApiProblem(400, [
    {
      code: BULK_ERROR_CODES.tooManyIds,
      param: 'ids',
      message: `You selected ${count} voice notes; one action can take at most ${max}. Select fewer and do the rest in another go.`,
    },
  ]);

export const targetPadNotFound = () =>
  new ApiProblem(404, [
    {
      code: API_ERROR_CODES.notFound,
      param: 'pad_id',
      message: 'The pad to move the voice notes to was not found. Choose one of your pads.',
    },
  ]);

/** Zod names an item of the list `ids.3`; this endpoint says `ids[3]`, as its refusals do. */
export function withIndexedParams(problem: ApiProblem): ApiProblem {
  return new ApiProblem(
    problem.status,
    problem.errors.map((error) => {
      const match = error.param === undefined ? null : /^ids\.(\d+)$/.exec(error.param);
      return match ? { ...error, param: bulkIdParam(Number(match[1])) } : error;
    }),
    problem.headers,
  );
}
