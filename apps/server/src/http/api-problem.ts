import type { z } from 'zod';
import { API_ERROR_CODES, type ApiError } from '@voxpad/shared/api-errors';

/**
 * An error the product API answers with `{status, errors:[{message, code, param}]}`.
 * Messages are meant for people: they say what happened and what to do.
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiError[],
    /** Sent with the answer, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => e.message).join(' '));
    this.name = 'ApiProblem';
  }

  toJSON() {
    return { status: this.status, errors: this.errors };
  }
}

export const notFound = (what: string) =>
  new ApiProblem(404, [{ code: API_ERROR_CODES.notFound, message: `${what} was not found.` }]);

export const notAuthenticated = () =>
  new ApiProblem(401, [
    { code: API_ERROR_CODES.notAuthenticated, message: 'You are not logged in. Log in and try again.' },
  ]);

/** The blob store is down: nothing was changed, and the same request may simply be sent again. */
export const storageUnavailable = () =>
  new ApiProblem(
    503,
    [{ code: API_ERROR_CODES.storageUnavailable, message: 'Storage is unavailable, try again in a moment.' }],
    { 'Retry-After': '5' },
  );

/** The database cannot be reached (down or restarting): nothing was changed; the request may be sent again. */
export const databaseUnavailable = () =>
  new ApiProblem(
    503,
    [
      {
        code: API_ERROR_CODES.databaseUnavailable,
        message: 'The database is unavailable, try again in a moment.',
      },
    ],
    { 'Retry-After': '5' },
  );

/**
 * 403 for a sensitive change made too long after the last login (allauth's reauthentication
 * timeout). Not 401: the session is still valid, and 401 means "log in" on the product API. The
 * web app acts on the code: it asks for the password (or a second factor) and sends the request
 * again. `then` says what to do after confirming, e.g. "create the token again".
 */
export const reauthenticationRequired = (then: string) =>
  new ApiProblem(403, [
    {
      code: API_ERROR_CODES.reauthenticationRequired,
      message: `For your security, confirm it’s you (your password, an authenticator code or a passkey), then ${then}.`,
    },
  ]);

export const badRequest = (message: string, param?: string, code: string = API_ERROR_CODES.invalid) =>
  new ApiProblem(400, [{ code, message, ...(param ? { param } : {}) }]);

/** Validates input against a shared schema; each issue becomes an error naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ApiProblem(
    400,
    result.error.issues.map((issue) => {
      const param = issue.path.map(String).join('.');
      const code =
        issue.code === 'too_big'
          ? API_ERROR_CODES.tooLong
          : issue.code === 'invalid_type' && issue.input === undefined
            ? API_ERROR_CODES.required
            : API_ERROR_CODES.invalid;
      const message =
        code === API_ERROR_CODES.required && !issue.message.includes(' ')
          ? 'This field is required.'
          : issue.message;
      return { code, message, ...(param ? { param } : {}) };
    }),
  );
}
