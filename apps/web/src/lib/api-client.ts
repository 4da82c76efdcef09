import { AUTH_BASE_PATH } from '@voxpad/shared/auth-paths';
import type { ApiError } from '@voxpad/shared/api-errors';
import type { z } from 'zod';
import { env } from './env.ts';
import { sessionSettled, whileSessionRotates } from './session-rotation.ts';

export const API_BASE_PATH = '/api/v1';

/** Auth calls answer these statuses with a body the caller reads (spec §8); they do not reject. */
export const AUTH_READABLE_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 409, 410]);

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response the server refused; `errors` holds the server's `{message, code, param?}` items. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly errors: ApiError[];
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const errors = readErrors(body);
    super(errors[0]?.message ?? `HTTP error! status: ${status}`);
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

/** The server could not be reached at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('Could not reach the server. Check your connection and try again.', { cause });
  }
}

/** The server answered 2xx with a body that does not match the shared contract. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(path: string, cause: unknown) {
    super(`The server sent an unexpected answer for ${path}.`, { cause });
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** Whether the server refused with `code` among its errors (e.g. `reauthentication_required`). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return isHttpError(error) && error.errors.some((e) => e.code === code);
}

export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown };
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

function readErrors(body: unknown): ApiError[] {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return [];
  const { errors } = body as { errors: unknown };
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: unknown): ApiError[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { message, code, param } = item as Record<string, unknown>;
    if (typeof message !== 'string') return [];
    return [
      {
        message,
        code: typeof code === 'string' ? code : 'invalid',
        ...(typeof param === 'string' ? { param } : {}),
      },
    ];
  });
}

/** Reads a cookie at call time: the server may rotate `csrftoken` (for example on login). */
export function readCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return part.slice(separator + 1).trim();
      }
    }
  }
  return null;
}

export function getCsrfToken(): string | null {
  return typeof document === 'undefined' ? null : readCookie('csrftoken');
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** A list is sent as the parameter repeated (`tag=a&tag=b`). */
  query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  signal?: AbortSignal;
  /**
   * The answer gives this browser a new session (a password change): the request outlives the
   * page (keepalive), so its new cookies arrive even if the person leaves, and every other
   * request waits for them instead of going out with the ended session.
   */
  rotatesSession?: boolean;
}

export interface UploadOptions {
  body: Blob;
  headers?: Record<string, string>;
  onProgress?: (progress: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  /** Origin (and optional path prefix) of the server; '' means the page's own origin. */
  baseUrl: string;
  fetch?: typeof fetch;
  csrfToken?: () => string | null;
}

export interface ApiClient {
  /** The allauth headless browser API: 400/401/403/409/410 resolve with the body. */
  auth<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** The product API: any non-2xx rejects with an HttpError; the body is checked against `schema`. */
  api<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  /** Product API call without a response body to check (204, DELETE). */
  apiVoid(method: HttpMethod, path: string, options?: RequestOptions): Promise<void>;
  /** Raw-body upload through XMLHttpRequest, for upload progress; rejects like `api`. */
  upload<S extends z.ZodType>(path: string, schema: S, options: UploadOptions): Promise<z.output<S>>;
  /** Absolute URL of a server path, for forms and media elements. */
  url(path: string): string;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const csrfToken = config.csrfToken ?? getCsrfToken;

  function url(path: string, query?: RequestOptions['query']): string {
    let target = `${baseUrl}${path}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
        else if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
      }
      const search = params.toString();
      if (search) target += `${target.includes('?') ? '&' : '?'}${search}`;
    }
    return target;
  }

  function headersFor(method: HttpMethod, options: RequestOptions): Headers {
    const headers = new Headers({ Accept: 'application/json' });
    if (options.body !== undefined) headers.set('Content-Type', 'application/json');
    if (UNSAFE_METHODS.has(method)) {
      const token = csrfToken();
      if (token) headers.set('X-CSRFToken', token);
    }
    for (const [key, value] of Object.entries(options.headers ?? {})) headers.set(key, value);
    return headers;
  }

  async function send(
    method: HttpMethod,
    target: string,
    options: RequestOptions,
  ): Promise<{ response: Response; body: unknown }> {
    let response: Response;
    const request = () =>
      doFetch(target, {
        method,
        credentials: 'include',
        headers: headersFor(method, options),
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: options.signal ?? null,
        keepalive: options.rotatesSession === true,
      });
    try {
      if (options.rotatesSession) {
        response = await whileSessionRotates(request, csrfToken);
      } else {
        await sessionSettled(csrfToken);
        response = await request();
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NetworkError(error);
    }
    return { response, body: await readBody(response) };
  }

  function check<S extends z.ZodType>(path: string, schema: S, body: unknown): z.output<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ContractError(path, parsed.error);
    return parsed.data;
  }

  return {
    url: (path) => url(path),

    async auth<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
      const { response, body } = await send(
        method,
        url(`${AUTH_BASE_PATH}/${path.replace(/^\/+/, '')}`, options.query),
        options,
      );
      if (response.ok || AUTH_READABLE_STATUSES.has(response.status)) return body as T;
      throw new HttpError(response.status, body);
    },

    async api(method, path, schema, options = {}) {
      const { response, body } = await send(method, url(apiPath(path), options.query), options);
      if (!response.ok) throw new HttpError(response.status, body);
      return check(path, schema, body);
    },

    async apiVoid(method, path, options = {}) {
      const { response, body } = await send(method, url(apiPath(path), options.query), options);
      if (!response.ok) throw new HttpError(response.status, body);
    },

    upload(path, schema, options) {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url(apiPath(path)));
        xhr.withCredentials = true;
        xhr.responseType = 'text';
        xhr.setRequestHeader('Accept', 'application/json');
        const token = csrfToken();
        if (token) xhr.setRequestHeader('X-CSRFToken', token);
        for (const [key, value] of Object.entries(options.headers ?? {})) {
          xhr.setRequestHeader(key, value);
        }
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable) {
            options.onProgress?.({ loaded: event.loaded, total: event.total });
          }
        });
        xhr.addEventListener('load', () => {
          let body: unknown = null;
          if (xhr.responseText) {
            try {
              body = JSON.parse(xhr.responseText) as unknown;
            } catch {
              body = xhr.responseText;
            }
          }
          if (xhr.status < 200 || xhr.status >= 300) {
            reject(new HttpError(xhr.status, body));
            return;
          }
          try {
            resolve(check(path, schema, body));
          } catch (error) {
            reject(error instanceof Error ? error : new ContractError(path, error));
          }
        });
        xhr.addEventListener('error', () => reject(new NetworkError(null)));
        xhr.addEventListener('abort', () =>
          reject(new DOMException('The upload was cancelled.', 'AbortError')),
        );
        if (options.signal) {
          if (options.signal.aborted) {
            reject(new DOMException('The upload was cancelled.', 'AbortError'));
            return;
          }
          options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
        }
        xhr.send(options.body);
      });
    },
  };
}

function apiPath(path: string): string {
  return `${API_BASE_PATH}/${path.replace(/^\/+/, '')}`;
}

export const apiClient: ApiClient = createApiClient({ baseUrl: env.VITE_API_URL });
