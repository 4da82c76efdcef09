import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../lib/tokens.ts';
import { SessionCsrfTokens } from './session-csrf-tokens.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/** Django's form field: a plain HTML form (allauth's provider redirect) cannot set headers. */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const TOKEN_FORMAT = /^[A-Za-z0-9]{32,64}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The csrftoken in force for this request (issued now if the browser had none). */
    csrfToken: string;
    /** A form POST whose token is in its body: checked once the body is parsed. */
    csrfFromForm: boolean;
  }
  interface FastifyReply {
    /**
     * Sends a new csrftoken: the one bound to the session whose cookie token is given (a
     * session starts), or a fresh anonymous one (a session ends).
     */
    issueCsrfToken(sessionToken: string | undefined): void;
  }
}

export interface CsrfOptions {
  secure: boolean;
  /** Paths that authenticate without cookies (bearer tokens) and so need no CSRF check. */
  exemptPrefixes: string[];
  /** The session cookie: while a browser has one, only the csrftoken bound to it is accepted. */
  sessionCookie: string;
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
 * CSRF protection as Django does it for allauth's browser clients: the `csrftoken` cookie is
 * readable by the page, which echoes it in `X-CSRFToken` on every unsafe method. A cross-site
 * page can send the cookie but cannot read it to set the header. Anonymous requests are plain
 * double submit; with a session cookie only the token bound to that session counts (ADR 0014),
 * so a token planted in the cookie (by a sibling subdomain, say) or one from before login is
 * worthless. Login and logout send a new one.
 */
export const csrfPlugin = fp<CsrfOptions>(
  (app, options, done) => {
    const sessionTokens = new SessionCsrfTokens();
    app.decorateRequest('csrfToken', '');
    app.decorateRequest('csrfFromForm', false);
    app.decorateReply('issueCsrfToken', function issueCsrfToken(this: FastifyReply, sessionToken) {
      const request = this.request;
      request.csrfToken = sessionToken ? sessionTokens.get(sessionToken) : newCsrfToken();
      this.setCookie(CSRF_COOKIE, request.csrfToken, {
        path: '/',
        sameSite: 'lax',
        secure: options.secure || request.protocol === 'https',
        httpOnly: false,
        maxAge: 365 * 24 * 60 * 60,
      });
    });
    app.addHook('onRequest', (request, reply, next) => {
      const existing = request.cookies[CSRF_COOKIE];
      const sessionToken = request.cookies[options.sessionCookie] || undefined;
      const expected = sessionToken
        ? sessionTokens.get(sessionToken)
        : existing !== undefined && TOKEN_FORMAT.test(existing)
          ? existing
          : undefined;
      // A browser without the right token gets it now (sessions from before tokens were bound too).
      if (expected === undefined || existing !== expected) reply.issueCsrfToken(sessionToken);
      else request.csrfToken = expected;
      if (!UNSAFE_METHODS.has(request.method)) return next();
      if (options.exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return next();
      // A script with a personal API token and no session: no browser adds an Authorization
      // header by itself, and a cross-site page cannot without a CORS preflight we never allow.
      if (!sessionToken && /^Bearer\s/i.test(request.headers.authorization ?? '')) return next();
      const header = request.headers[CSRF_HEADER];
      const sent = typeof header === 'string' ? header : undefined;
      const isForm =
        (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === FORM_CONTENT_TYPE;
      if (expected && sent === undefined && isForm) {
        // Only routes that accept urlencoded bodies get this far; the rest answer 415 first.
        request.csrfFromForm = true;
        return next();
      }
      if (!expected || !sent || !safeEqual(sent, expected)) {
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
      if (typeof field !== 'string' || !safeEqual(field, request.csrfToken)) {
        options.reject(request, reply);
        return;
      }
      next();
    });
    done();
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
