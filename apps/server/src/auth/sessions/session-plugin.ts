import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Session, SessionData, SessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'sessionid';

declare module 'fastify' {
  interface FastifyRequest {
    /** Loads the session named by the cookie once per request; undefined when there is none. */
    getSession(): Promise<Session | undefined>;
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

/** How the session cookie is written (routes/session-cookie.ts writes it). */
export interface SessionCookieOptions {
  path: '/';
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  maxAge: number;
}

/**
 * Starts, rotates and ends sessions for a request; the rows live in the SessionStore. Writing
 * the cookie is the answer's part: the auth routes' presenter sets what `begin` returns.
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
    request.getSession = () => Promise.resolve(started.session);
    return started;
  }

  /** Ends the request's session; the answer must clear its cookie. */
  async finish(request: FastifyRequest): Promise<void> {
    const session = await request.getSession();
    if (session) await this.store.destroy(session.id);
    request.getSession = () => Promise.resolve(undefined);
  }

  /** An HTTPS PUBLIC_URL makes every cookie Secure; without one, a request that came over HTTPS still does. */
  cookieOptions(request: FastifyRequest): SessionCookieOptions {
    return {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure || request.protocol === 'https',
      maxAge: Math.floor(this.options.maxAgeMs / 1000),
    };
  }
}

export const sessionPlugin = fp<{ cookies: SessionCookies }>(
  (app, { cookies }, done) => {
    app.decorate('sessions', cookies);
    app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
      return Promise.resolve(undefined);
    });
    app.addHook('onRequest', (request, _reply, next) => {
      let loaded: Promise<Session | undefined> | undefined;
      request.getSession = () => {
        const token = request.cookies[SESSION_COOKIE];
        loaded ??= token ? cookies.store.load(token, request) : Promise.resolve(undefined);
        return loaded;
      };
      next();
    });
    done();
  },
  // csrf: the answer that starts or ends a session rotates the csrftoken (reply.issueCsrfToken).
  { name: 'sessions', dependencies: ['@fastify/cookie', 'csrf'] },
);
