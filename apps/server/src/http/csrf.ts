import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../lib/tokens.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/** Django's form field: a plain HTML form (allauth's provider redirect) cannot set headers. */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

declare module 'fastify' {
  interface FastifyRequest {
    /** The csrftoken in force for this request (issued now if the browser had none). */
    csrfToken: string;
    /** A form POST whose token is in its body: checked once the body is parsed. */
    csrfFromForm: boolean;
  }
}

export interface CsrfOptions {
  secure: boolean;
  /** Paths that authenticate without cookies (bearer tokens) and so need no CSRF check. */
  exemptPrefixes: string[];
  /** Answers a failed check in the error shape of the API the request was for. */
  reject: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

function newCsrfToken(): string {
  const bytes = randomBytes(32);
  let token = '';
  for (const byte of bytes) token += TOKEN_CHARS[byte % TOKEN_CHARS.length]!;
  return token;
}

/**
 * Double-submit CSRF protection, as Django does it for allauth's browser clients: the
 * `csrftoken` cookie is readable by the page, which echoes it in `X-CSRFToken` on every
 * unsafe method. A cross-site page can send the cookie but cannot read it to set the header.
 */
export const csrfPlugin = fp<CsrfOptions>(
  (app, options, done) => {
    app.decorateRequest('csrfToken', '');
    app.decorateRequest('csrfFromForm', false);
    app.addHook('onRequest', (request, reply, next) => {
      const existing = request.cookies[CSRF_COOKIE];
      const valid = existing && /^[A-Za-z0-9]{32,64}$/.test(existing);
      request.csrfToken = valid ? existing : newCsrfToken();
      if (!valid) {
        reply.setCookie(CSRF_COOKIE, request.csrfToken, {
          path: '/',
          sameSite: 'lax',
          secure: options.secure,
          httpOnly: false,
          maxAge: 365 * 24 * 60 * 60,
        });
      }
      if (!UNSAFE_METHODS.has(request.method)) return next();
      if (options.exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return next();
      const header = request.headers[CSRF_HEADER];
      const sent = typeof header === 'string' ? header : undefined;
      const isForm =
        (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === FORM_CONTENT_TYPE;
      if (valid && sent === undefined && isForm) {
        // Only routes that accept urlencoded bodies get this far; the rest answer 415 first.
        request.csrfFromForm = true;
        return next();
      }
      if (!valid || !sent || !safeEqual(sent, existing)) {
        options.reject(request, reply);
        return;
      }
      next();
    });
    app.addHook('preValidation', (request, reply, next) => {
      if (!request.csrfFromForm) return next();
      const body = request.body;
      const field =
        typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>)[CSRF_FORM_FIELD]
          : undefined;
      const existing = request.cookies[CSRF_COOKIE] ?? '';
      if (typeof field !== 'string' || !safeEqual(field, existing)) {
        options.reject(request, reply);
        return;
      }
      next();
    });
    done();
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
