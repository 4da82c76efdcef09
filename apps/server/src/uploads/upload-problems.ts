import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { UPLOAD_ERROR_CODES } from '@voxpad/shared/uploads';
import { ERRORS } from '@tus/utils';
import { ApiProblem, badRequest, notFound } from '../http/api-problem.ts';
import { durationText } from '../voice-notes/duration-text.ts';
import { interrupted, tooLarge } from '../voice-notes/upload-problems.ts';

/** A refusal tus itself makes: its status and its (terse, English-for-developers) text. */
export interface TusError {
  status_code: number;
  body: string;
}

export function isTusError(error: unknown): error is TusError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status_code' in error &&
    typeof error.status_code === 'number' &&
    'body' in error &&
    typeof error.body === 'string'
  );
}

export const uploadNotFound = () => notFound('This upload');

export function uploadExpired(expiryMs: number): ApiProblem {
  const hours = Math.round((expiryMs / 3_600_000) * 10) / 10;
  return new ApiProblem(410, [
    {
      code: UPLOAD_ERROR_CODES.expired,
      message: `This upload received nothing for ${hours} ${hours === 1 ? 'hour' : 'hours'} and was removed. Start it again.`,
    },
  ]);
}

export function uploadOutlived(maxLifetimeMs: number): ApiProblem {
  return new ApiProblem(410, [
    {
      code: UPLOAD_ERROR_CODES.expired,
      message: `This upload was started more than ${durationText(maxLifetimeMs / 1000)} ago, the longest an upload may stay unfinished, and was removed. Start it again.`,
    },
  ]);
}

export const tooManyOpenUploads = (limit: number) =>
  new ApiProblem(403, [
    {
      code: UPLOAD_ERROR_CODES.tooManyOpen,
      message: `You have ${limit} unfinished ${limit === 1 ? 'upload' : 'uploads'}, the most one account may have at once. Finish or cancel one of them, or wait until one expires, then try again.`,
    },
  ]);

const offsetConflict = () =>
  new ApiProblem(409, [
    {
      code: UPLOAD_ERROR_CODES.offsetConflict,
      message:
        'This upload is not at the offset the request says. Ask where it stands (HEAD) and continue from there.',
      param: 'Upload-Offset',
    },
  ]);

/**
 * tus's own refusals in the product API's words. Errors tus makes are plain objects
 * compared by identity with its ERRORS table.
 */
export function tusProblem(error: TusError, maxBytes: number): ApiProblem {
  switch (error) {
    case ERRORS.FILE_NOT_FOUND:
      return uploadNotFound();
    case ERRORS.INVALID_OFFSET:
      return offsetConflict();
    case ERRORS.ERR_MAX_SIZE_EXCEEDED:
      return tooLarge(maxBytes);
    case ERRORS.ERR_SIZE_EXCEEDED:
      return new ApiProblem(413, [
        {
          code: API_ERROR_CODES.payloadTooLarge,
          message: 'This request sends more bytes than the upload said it would have (Upload-Length).',
        },
      ]);
    case ERRORS.INVALID_LENGTH:
      return badRequest('Say how large the file is in the Upload-Length header.', 'Upload-Length');
    case ERRORS.INVALID_METADATA:
      return badRequest(
        'Upload-Metadata is not valid: send comma-separated "key base64value" pairs (pad_id, filename, filetype).',
        'Upload-Metadata',
      );
    case ERRORS.MISSING_OFFSET:
      return badRequest('Say where this piece starts in the Upload-Offset header.', 'Upload-Offset');
    case ERRORS.INVALID_CONTENT_TYPE:
      return badRequest('Send the bytes as application/offset+octet-stream.', 'Content-Type');
    case ERRORS.ABORTED:
      return interrupted();
    // tus says 501 for these; tus-js-client retries any 5xx, and no retry can succeed (ADR 0029).
    case ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION:
      return badRequest(
        'This server needs the length of an upload when it is created and cannot take it later. Send Upload-Length with the request that creates the upload.',
        'Upload-Defer-Length',
      );
    case ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION:
      return badRequest(
        'Uploads here cannot be sent in parallel pieces and joined (Upload-Concat). Upload the file as one part, one PATCH after another.',
        'Upload-Concat',
      );
  }
  return plainProblem(error.status_code, error.body);
}

/** Any other answer tus wrote as text (a missing Tus-Resumable, a malformed header). */
export function plainProblem(status: number, text: string): ApiProblem {
  if (status >= 500) {
    return new ApiProblem(status, [
      { code: API_ERROR_CODES.serverError, message: 'Something went wrong on our side. Please try again.' },
    ]);
  }
  if (status === 412) {
    return badRequest('This endpoint speaks tus: send the header Tus-Resumable: 1.0.0.', 'Tus-Resumable');
  }
  const message = text.trim() || 'This upload request was refused.';
  return new ApiProblem(status, [{ code: API_ERROR_CODES.invalid, message }]);
}
