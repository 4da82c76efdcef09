import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAiError } from '@voxpad/shared/openai-compat';
import { QuotaExceeded } from '../quotas/quota-problems.ts';
import { StorageUnavailableError } from '../storage/storage-errors.ts';

/** An error answered in OpenAI's shape: `{error:{message, type, param, code}}`. */
export class OpenAiProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string = 'invalid_request_error',
    readonly param: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'OpenAiProblem';
  }

  toJSON(): OpenAiError {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

export const invalidApiKey = () =>
  new OpenAiProblem(
    401,
    'Missing or invalid API key. Send a Voxpad personal API token as "Authorization: Bearer vxp_..."; create one under /api/v1/tokens/.',
    'invalid_request_error',
    null,
    'invalid_api_key',
  );

export const fileTooLarge = (maxBytes: number) =>
  new OpenAiProblem(
    413,
    `The file is larger than this server accepts (${maxBytes} bytes).`,
    'invalid_request_error',
    'file',
    'file_too_large',
  );

/** The scope's error handler: every failure, ours or Fastify's, in OpenAI's shape. */
export function handleOpenAiError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof OpenAiProblem) return reply.status(error.status).send(error.toJSON());
  if (error instanceof QuotaExceeded) {
    return reply.status(error.status).headers(error.headers).send(openAiQuotaError(error).toJSON());
  }
  if (error instanceof StorageUnavailableError) {
    request.log.error({ err: error }, 'blob storage unavailable');
    return reply
      .status(503)
      .header('Retry-After', '5')
      .send(
        new OpenAiProblem(503, 'Storage is unavailable, try again in a moment.', 'server_error').toJSON(),
      );
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'transcription request failed');
    return reply
      .status(500)
      .send(
        new OpenAiProblem(
          500,
          'The server had an error while processing your request.',
          'server_error',
        ).toJSON(),
      );
  }
  const code = (error as FastifyError).code;
  if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply
      .status(413)
      .send(
        new OpenAiProblem(
          413,
          'The request is too large.',
          'invalid_request_error',
          'file',
          'file_too_large',
        ).toJSON(),
      );
  }
  const message =
    status === 415
      ? 'Send the request as multipart/form-data with the audio in the "file" field.'
      : error.message;
  return reply.status(status).send(new OpenAiProblem(status, message).toJSON());
}

/** A quota's refusal in OpenAI's words: its rate limits are `requests` / `rate_limit_exceeded`. */
function openAiQuotaError(error: QuotaExceeded): OpenAiProblem {
  const [first] = error.errors;
  const message = first?.message ?? error.message;
  if (error.status === 429) return new OpenAiProblem(429, message, 'requests', null, 'rate_limit_exceeded');
  return new OpenAiProblem(
    error.status,
    message,
    'invalid_request_error',
    first?.param ?? null,
    first?.code ?? null,
  );
}
