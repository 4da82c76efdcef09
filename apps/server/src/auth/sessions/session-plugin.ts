import fp from 'fastify-plugin';
import { SESSION_HINT_COOKIE } from '@voxpad/shared/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session, SessionData, SessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'sessionid';
// SESSION_HINT_COOKIE says nothing the page could not learn by asking; the server never trusts it.

/** Whether the web app should ask the server about this session (see SESSION_HINT_COOKIE). */
function worthAsking(session: Pick<Session, 'userId' | 'data'>): boolean {
  return session.userId !== null || session.data.pending !== undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Loads the session named by the cookie once per request; undefined when there is none. */
    getSession(): Promise<Session | undefined>;
    /** What getSession answers, once it has been asked (null before). */
    sessionLoaded: Promise<Session | undefined> | null;
    /** The answer already says what the hint is (a session started or ended): no mending. */
    sessionHinted: boolean;
  }
  interface FastifyInstance {
    sessions: SessionCookies;
  }
}

/** A session just started: its row, and the cookie token only the answer carries (never stored). */
export interface StartedSession {
  token: string;
  session: Session;
}

/** How the session cookie is written (the auth routes' presenter writes it). */
export interface SessionCookieOptions {
  path: '/';
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  maxAge: number;
}

/** What the answer does with SESSION_HINT_COOKIE: set it, clear it, or leave it. */
export type HintChange =
  | { set: true; options: Omit<SessionCookieOptions, 'httpOnly'> & { httpOnly: false } }
  | { set: false; options: { path: '/'; httpOnly: false; sameSite: 'lax'; secure: boolean } }
  | undefined;

/**
 * Starts, rotates and ends sessions for a request; the rows live in the SessionStore. Writing
 * the cookies is the answer's part: the auth routes' presenter sets what `begin` returns.
 */
export class SessionCookies {
  constructor(
    readonly store: SessionStore,
    private readonly options: { secure: boolean; maxAgeMs: number },
  ) {}

  /**
   * Starts a brand-new session (a new id) and ends the current one: called on login so a
   * session id fixed by an attacker before login is worthless after it. The rest of the
   * request sees the new session; the answer must carry its cookie (and the csrftoken bound
   * to it).
   */
  async begin(
    request: FastifyRequest,
    userId: string | null,
    data: SessionData,
    /** Carried over when a session is only rotated (a password change), not logged in anew. */
    authenticatedAt?: number | null,
  ): Promise<StartedSession> {
    const previous = await request.getSession();
    if (previous) await this.store.destroy(previous.id);
    const started = await this.store.create(
      userId,
      data,
      { userAgent: request.headers['user-agent'] ?? '', ip: request.ip },
      authenticatedAt,
    );
    request.sessionLoaded = Promise.resolve(started.session);
    return started;
  }

  /** Ends the request's session; the answer must clear its cookie. */
  async finish(request: FastifyRequest): Promise<void> {
    const session = await request.getSession();
    if (session) await this.store.destroy(session.id);
    request.sessionLoaded = NO_SESSION;
  }

  /** An HTTPS PUBLIC_URL makes every cookie Secure; without one, a request that came over HTTPS still does. */
  cookieOptions(request: FastifyRequest): SessionCookieOptions {
    return {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureFor(request),
      maxAge: Math.floor(this.options.maxAgeMs / 1000),
    };
  }

  /**
   * SESSION_HINT_COOKIE for an answer that starts a session (`session`) or ends one
   * (undefined); it lives exactly as long as the session cookie.
   */
  hintFor(request: FastifyRequest, session: Session | undefined): HintChange {
    request.sessionHinted = true;
    const options = {
      path: '/' as const,
      httpOnly: false as const,
      sameSite: 'lax' as const,
      secure: this.secureFor(request),
    };
    if (session && worthAsking(session)) {
      return { set: true, options: { ...options, maxAge: Math.floor(this.options.maxAgeMs / 1000) } };
    }
    return request.cookies[SESSION_HINT_COOKIE] !== undefined ? { set: false, options } : undefined;
  }

  /**
   * Mends a hint that disagrees with the cookies the browser sent: a session from before the
   * hint existed gets one (on the very first response, the page itself), a hint without a
   * session cookie goes. A hint beside a session that has ended stays until the page's own
   * GET auth/session is answered 401: the web app then drops it.
   */
  mendedHint(request: FastifyRequest): HintChange | Promise<HintChange> {
    if (request.sessionHinted) return undefined;
    const hasSession = request.cookies[SESSION_COOKIE] !== undefined;
    const hasHint = request.cookies[SESSION_HINT_COOKIE] !== undefined;
    if (hasHint && !hasSession) return this.hintFor(request, undefined);
    // Only a session cookie without its hint needs the session read (most answers do not).
    if (hasSession && !hasHint) return this.#hintForSession(request);
    return undefined;
  }

  async #hintForSession(request: FastifyRequest): Promise<HintChange> {
    const session = await request.getSession();
    return session && worthAsking(session) ? this.hintFor(request, session) : undefined;
  }

  private secureFor(request: FastifyRequest): boolean {
    return this.options.secure || request.protocol === 'https';
  }
}

const NO_SESSION: Promise<Session | undefined> = Promise.resolve(undefined);

function applyHint(reply: FastifyReply, change: HintChange): void {
  if (change?.set) reply.setCookie(SESSION_HINT_COOKIE, '1', change.options);
  else if (change) reply.clearCookie(SESSION_HINT_COOKIE, change.options);
}

export const sessionPlugin = fp<{ cookies: SessionCookies }>(
  (app, { cookies }, done) => {
    app.decorate('sessions', cookies);
    // A method on every request's prototype, its answer kept on the request: no hook and no
    // closure per request (the pad list's hooks are most of its cost, docs/performance.md).
    app.decorateRequest('sessionLoaded', null);
    app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
      if (this.sessionLoaded === null) {
        // No cookies parsed (an answer Fastify made before any hook ran): no session.
        const token = this.cookies?.[SESSION_COOKIE];
        this.sessionLoaded = token ? cookies.store.load(token, this) : NO_SESSION;
      }
      return this.sessionLoaded;
    });
    app.decorateRequest('sessionHinted', false);
    // The hint follows every answer, the pages' included, not only the auth API's.
    // A callback hook: the answers that need no mending (nearly all) cost no promise.
    app.addHook('onSend', (request, reply, payload, next) => {
      const change = cookies.mendedHint(request);
      if (change instanceof Promise) {
        change.then((mended) => {
          applyHint(reply, mended);
          next(null, payload);
        }, next);
      } else {
        applyHint(reply, change);
        next(null, payload);
      }
    });
    done();
  },
  // csrf: the answer that starts or ends a session rotates the csrftoken (reply.issueCsrfToken).
  { name: 'sessions', dependencies: ['@fastify/cookie', 'csrf'] },
);
