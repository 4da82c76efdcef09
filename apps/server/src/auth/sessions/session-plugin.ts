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
  }
  interface FastifyInstance {
    sessions: SessionCookies;
  }
}

/** Issues, rotates and ends the session cookie; the rows live in the SessionStore. */
export class SessionCookies {
  /** Requests whose answer already says what the hint is (a session started or ended). */
  private readonly hinted = new WeakSet<FastifyRequest>();

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
    this.hint(request, reply, worthAsking(session));
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
    this.hint(request, reply, false);
    reply.issueCsrfToken(undefined);
    request.getSession = () => Promise.resolve(undefined);
  }

  /** Sets or clears SESSION_HINT_COOKIE; it lives exactly as long as the session cookie. */
  hint(request: FastifyRequest, reply: FastifyReply, present: boolean): void {
    this.hinted.add(request);
    const options = { path: '/', httpOnly: false, sameSite: 'lax' as const, secure: this.secureFor(request) };
    if (present) {
      reply.setCookie(SESSION_HINT_COOKIE, '1', {
        ...options,
        maxAge: Math.floor(this.options.maxAgeMs / 1000),
      });
    } else if (request.cookies[SESSION_HINT_COOKIE] !== undefined) {
      reply.clearCookie(SESSION_HINT_COOKIE, options);
    }
  }

  /**
   * Mends a hint that disagrees with the cookies the browser sent: a session from before the
   * hint existed gets one (on the very first response, the page itself), a hint without a
   * session cookie goes. A hint beside a session that has ended stays until the page's own
   * GET auth/session is answered 401: the web app then drops it.
   */
  async mendHint(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.hinted.has(request)) return;
    const hasSession = request.cookies[SESSION_COOKIE] !== undefined;
    const hasHint = request.cookies[SESSION_HINT_COOKIE] !== undefined;
    if (hasHint && !hasSession) this.hint(request, reply, false);
    if (hasSession && !hasHint) {
      const session = await request.getSession();
      if (session && worthAsking(session)) this.hint(request, reply, true);
    }
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
    app.addHook('onSend', async (request, reply, payload) => {
      await cookies.mendHint(request, reply);
      return payload;
    });
    done();
  },
  // csrf: sessions rotate the csrftoken (reply.issueCsrfToken) as they start and end.
  { name: 'sessions', dependencies: ['@fastify/cookie', 'csrf'] },
);
