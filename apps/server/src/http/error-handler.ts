import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { ApiProblem, databaseUnavailable, storageUnavailable } from './api-problem.ts';
import { isDatabaseUnreachable } from '../db/database-errors.ts';
import { StorageUnavailableError } from '../storage/storage-errors.ts';

/**
 * The single error handler: logs with the request's context, hides the details of server
 * faults, and answers `{status, errors:[{code, message, param?}]}`.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiProblem) {
    return reply.status(error.status).headers(error.headers).send(error.toJSON());
  }
  if (error instanceof StorageUnavailableError) {
    request.log.error({ err: error }, 'blob storage unavailable');
    return handleError(storageUnavailable(), request, reply);
  }
  if (isDatabaseUnreachable(error)) {
    request.log.error({ err: error }, 'database unreachable');
    return handleError(databaseUnavailable(), request, reply);
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else
    request.log.info(
      { err: { message: error.message, code: (error as FastifyError).code } },
      'request rejected',
    );

  // allauth's error envelope and ours are the same shape, so one rendering serves both APIs.
  const { code, message } = describe(error as FastifyError, status);
  return reply.status(status).send({ status, errors: [{ code, message }] });
}

function describe(error: FastifyError, status: number): { code: string; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: API_ERROR_CODES.payloadTooLarge, message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: API_ERROR_CODES.unsupportedMediaType,
        message: 'This kind of content is not accepted here.',
      };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        code: API_ERROR_CODES.tooLong,
        message: 'This address is too long: nothing here has an id that long. Check the link and try again.',
      };
    case 'FST_ERR_BAD_URL':
      return {
        code: API_ERROR_CODES.invalid,
        message: 'This address is not valid: part of it is wrongly encoded. Check the link and try again.',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: API_ERROR_CODES.invalid, message: 'The request body is not valid JSON.' };
  }
  if (error instanceof SyntaxError) {
    return { code: API_ERROR_CODES.invalid, message: 'The request body is not valid JSON.' };
  }
  if (status >= 500) {
    return {
      code: API_ERROR_CODES.serverError,
      message: 'Something went wrong on our side. Please try again.',
    };
  }
  return { code: API_ERROR_CODES.invalid, message: error.message };
}
