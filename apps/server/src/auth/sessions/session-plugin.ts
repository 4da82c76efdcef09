import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** Issues, rotates and ends the session cookie; the rows live in the SessionStore. */
export class SessionCookies {
  constructor(
    readonly store: SessionStore,
    private readonly options: { secure: boolean; maxAgeMs: number },
  ) {}

  /**
   * Starts a brand-new session (a new id) and ends the current one: called on login so a
   * session id fixed by an attacker before login is worthless after it. The csrftoken changes
   * with it, to the one bound to the new session.
   */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string | null,
    data: SessionData,
    /** Carried over when a session is only rotated (a password change), not logged in anew. */
    authenticatedAt?: number | null,
  ): Promise<Session> {
    const previous = await request.getSession();
    if (previous) await this.store.destroy(previous.id);
    const { token, session } = await this.store.create(
      userId,
      data,
      { userAgent: request.headers['user-agent'] ?? '', ip: request.ip },
      authenticatedAt,
    );
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureFor(request),
      maxAge: Math.floor(this.options.maxAgeMs / 1000),
    });
    reply.issueCsrfToken(token);
    request.getSession = () => Promise.resolve(session);
    return session;
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const session = await request.getSession();
    if (session) await this.store.destroy(session.id);
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureFor(request),
    });
    reply.issueCsrfToken(undefined);
    request.getSession = () => Promise.resolve(undefined);
  }

  /** An HTTPS PUBLIC_URL makes every cookie Secure; without one, a request that came over HTTPS still does. */
  private secureFor(request: FastifyRequest): boolean {
    return this.options.secure || request.protocol === 'https';
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
  // csrf: sessions rotate the csrftoken (reply.issueCsrfToken) as they start and end.
  { name: 'sessions', dependencies: ['@fastify/cookie', 'csrf'] },
);
