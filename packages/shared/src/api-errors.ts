import { z } from 'zod';

/**
 * The one error shape of the product API (`/api/v1/`):
 * `{ status, errors: [{ message, code, param? }] }`. Messages are written for people.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  param: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const apiErrorResponseSchema = z.object({
  status: z.number().int(),
  errors: z.array(apiErrorSchema).min(1),
});
export type ApiErrorResponse = z.infer<typeof apiErrorResponseSchema>;

export const API_ERROR_CODES = {
  invalid: 'invalid',
  required: 'required',
  tooLong: 'too_long',
  notFound: 'not_found',
  notAuthenticated: 'not_authenticated',
  csrfFailed: 'csrf_failed',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  /** 403: the account's stored audio would pass QUOTA_STORAGE_BYTES; deleting notes frees room. */
  storageQuotaExceeded: 'storage_quota_exceeded',
  /** 403: the account has QUOTA_PADS_PER_USER pads already. */
  padLimitReached: 'pad_limit_reached',
  /** The account holds as many live personal API tokens as it may (API_TOKENS_MAX_PER_USER). */
  tooManyApiTokens: 'too_many_api_tokens',
  /** 403: a sensitive change (creating an API token, deleting the account) needs the person to confirm it is them first. */
  reauthenticationRequired: 'reauthentication_required',
  /** 409: the account holds VOCABULARY_MAX_WORDS words already; removing one makes room. */
  vocabularyLimitReached: 'vocabulary_limit_reached',
  /** 409: the word is in the vocabulary already, for the same pad (or for all pads). */
  duplicateWord: 'duplicate_word',
  /** 503: the speech model's dictionary is not installed, so pronunciations cannot be looked up or made. */
  dictionaryUnavailable: 'dictionary_unavailable',
  serverError: 'server_error',
  /** 503: the audio store (S3) cannot be reached; the request changed nothing and may be retried. */
  storageUnavailable: 'storage_unavailable',
  /** 503: the database cannot be reached (down or restarting); the request changed nothing and may be retried. */
  databaseUnavailable: 'database_unavailable',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
