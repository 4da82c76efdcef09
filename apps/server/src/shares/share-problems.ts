/** The refusals of share links, in the product API's error shape, worded for the person. */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import {
  formatShareClock as formatClock,
  SHARE_ERROR_CODES,
  SHARE_GONE_MESSAGE,
} from '@voxpad/shared/shares';
import { ApiProblem, badRequest, notFound } from '../http/api-problem.ts';

export const shareNotFound = () => notFound('This share link');
export const noteNotFound = () =>
  new ApiProblem(404, [
    { code: API_ERROR_CODES.notFound, param: 'note_id', message: 'This voice note was not found.' },
  ]);
export const padNotFound = () =>
  new ApiProblem(404, [
    { code: API_ERROR_CODES.notFound, param: 'pad_id', message: 'This pad was not found.' },
  ]);

/** Unknown, revoked and expired links: one answer, so a visitor learns nothing from it. */
export const shareGone = () =>
  new ApiProblem(404, [{ code: API_ERROR_CODES.notFound, message: SHARE_GONE_MESSAGE }]);

export const tooManyShares = (limit: number) =>
  new ApiProblem(409, [
    {
      code: SHARE_ERROR_CODES.shareLimitReached,
      message: `You already have ${limit} share links, the most one account can keep. Revoke one you no longer need, then share again.`,
    },
  ]);

export const lengthUnknown = () =>
  badRequest(
    'This note’s length is not known yet, so a part of it cannot be shared. Wait until it is transcribed, or share the whole note.',
    'start',
  );

export const rangeOutsideNote = (param: 'start' | 'end', durationSeconds: number) =>
  badRequest(
    `The note is ${formatClock(durationSeconds)} long: choose a range within 0:00 and ${formatClock(durationSeconds)}.`,
    param,
  );

export const emptyRange = () => badRequest('The end of the range must come after its start.', 'end');

export const expiryInPast = () =>
  badRequest('The expiry is in the past. Choose a time from now on, or no expiry.', 'expires_at');

export const wrongPassword = () =>
  new ApiProblem(403, [
    {
      code: SHARE_ERROR_CODES.wrongPassword,
      param: 'password',
      message: 'That password is not right. Check it with the person who shared the link, then try again.',
    },
  ]);

export const shareLocked = () =>
  new ApiProblem(403, [
    {
      code: SHARE_ERROR_CODES.locked,
      message: 'This link is protected by a password. Open the link and type the password first.',
    },
  ]);

export const downloadNotAllowed = () =>
  new ApiProblem(403, [
    {
      code: SHARE_ERROR_CODES.downloadNotAllowed,
      message: 'The person who shared this did not allow downloads. You can still play it here.',
    },
  ]);

export const tooManyTries = (retryAfterSeconds: number) =>
  new ApiProblem(
    429,
    [
      {
        code: API_ERROR_CODES.rateLimited,
        message: 'Too many tries. Wait a few minutes, then try again.',
      },
    ],
    { 'Retry-After': String(retryAfterSeconds) },
  );

export const tooManyReads = () =>
  new ApiProblem(
    429,
    [
      {
        code: API_ERROR_CODES.rateLimited,
        message: 'Too many requests from your network. Wait a minute, then reload.',
      },
    ],
    { 'Retry-After': '60' },
  );

/** ffmpeg could not cut the shared part of the recording. */
export const audioUnavailable = () =>
  new ApiProblem(503, [
    {
      code: API_ERROR_CODES.serverError,
      message: 'The audio of this link cannot be prepared right now. Try again in a moment.',
    },
  ]);
