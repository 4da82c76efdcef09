import type { z } from 'zod';

/**
 * One operation of the product API as the catalogue describes it (ADR 0049): what the
 * OpenAPI document, the reference page and the conformance check are all made from.
 * Schemas are the shared zod ones; the document turns them into JSON Schema.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/**
 * Who may call it:
 * - `session`: a logged-in browser (the `sessionid` cookie; unsafe methods also send the
 *   `csrftoken` cookie's value in `X-CSRFToken`);
 * - `session-or-token`: that, or a personal API token in `Authorization: Bearer`;
 * - `public`: anyone.
 */
export type ApiAuth = 'session' | 'session-or-token' | 'public';

/** A zod schema with the name it has among the document's components. */
export interface NamedSchema {
  name: string;
  schema: z.ZodType;
}

export const named = (name: string, schema: z.ZodType): NamedSchema => ({ name, schema });

export interface HeaderDoc {
  name: string;
  description: string;
  required?: boolean;
  schema?: { type: 'string' | 'integer' };
}

/** A JSON body, or bytes of the listed media types (audio, tus chunks). */
export type RequestBodyDoc =
  | { json: NamedSchema; required?: boolean; example?: unknown }
  | { raw: { contentTypes: string[]; description: string } };

export interface ResponseDoc {
  description: string;
  /** A JSON body of this shape. */
  json?: NamedSchema;
  /** A body that is not JSON: its media types, e.g. audio or a transcript export. */
  content?: { contentTypes: string[]; description?: string };
  headers?: HeaderDoc[];
  /** The product API's error shape, `{status, errors:[{message, code, param}]}`. */
  error?: true;
}

export interface ApiOperation {
  method: HttpMethod;
  /** Path template under /api/v1, OpenAPI style: '/pad/{padId}/'. */
  path: string;
  /** Unique, camelCase: the operationId. */
  id: string;
  tag: string;
  summary: string;
  description?: string;
  auth: ApiAuth;
  /** Each `{name}` of the path, described. */
  pathParams?: Record<string, string>;
  /** The query string's schema (read as the server reads it: coerced input). */
  query?: z.ZodObject;
  headers?: HeaderDoc[];
  body?: RequestBodyDoc;
  /**
   * Every status the operation answers on purpose. 401 (for session operations), 403 for a
   * failed CSRF check (unsafe methods), and 400/413/415 for a JSON body are added by the
   * document; 5xx answers are the `default` response.
   */
  responses: Record<number, ResponseDoc>;
}

/** A route that exists under /api/v1 but is deliberately left out of the document, and why. */
export interface UndescribedRoute {
  method: HttpMethod;
  path: string;
  why: string;
}

// Shorthands for the catalogue's entries.

export const ok = (description: string, json: NamedSchema, headers?: HeaderDoc[]): ResponseDoc => ({
  description,
  json,
  ...(headers ? { headers } : {}),
});

export const noContent = (description: string, headers?: HeaderDoc[]): ResponseDoc => ({
  description,
  ...(headers ? { headers } : {}),
});

export const problem = (description: string, headers?: HeaderDoc[]): ResponseDoc => ({
  description,
  error: true,
  ...(headers ? { headers } : {}),
});

export const jsonBody = (json: NamedSchema, example?: unknown): RequestBodyDoc => ({
  json,
  ...(example === undefined ? {} : { example }),
});

/** The 404 of an id that is not the caller's (or does not exist): the two are never told apart. */
export const notFound = (what: string): ResponseDoc =>
  problem(`${what} does not exist or is not yours (another person's ids answer 404 too).`);

export const RETRY_AFTER: HeaderDoc = {
  name: 'Retry-After',
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer' },
};

/** The `Range` request header of audio that players seek in. */
export const RANGE_HEADER: HeaderDoc = { name: 'Range', description: 'One byte range, e.g. `bytes=0-1023`.' };

/** The answers of audio served with one byte range: whole, the range, or a range past its end. */
export const audioWithRange = (whole: string): Record<200 | 206 | 416, ResponseDoc> => ({
  200: { description: whole, content: { contentTypes: ['audio/*'] } },
  206: {
    description: 'The range asked for.',
    content: { contentTypes: ['audio/*'] },
    headers: [{ name: 'Content-Range', description: 'Which bytes, of how many.', required: true }],
  },
  416: noContent('The range is beyond the audio’s end.', [
    { name: 'Content-Range', description: '`bytes */<size>`.', required: true },
  ]),
});
