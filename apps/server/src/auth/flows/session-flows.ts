import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import type { PendingFlow } from '../sessions/pending-flows.ts';
import type { StartedSession } from '../sessions/session-plugin.ts';
import type { Session } from '../sessions/session-store.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';
import type { AuthOutcome } from './auth-outcome.ts';

/*
 * `app.secondFactorGate` is declared by mfa/second-factor-gate.ts (auth-api.ts decorates the
 * scope with it); naming its type here would make flows/ import mfa/, which imports flows/.
 */

/**
 * Every login ends here: it starts a brand-new session (no fixation) for the user, or, when
 * the user has a second factor this browser is not trusted for, an anonymous one waiting on
 * allauth's mfa_authenticate stage (ADR 0017). The answer must carry the session's cookie.
 */
export async function startLoginSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  methods: AuthMethod[],
): Promise<StartedSession> {
  if (await app.secondFactorGate.isOwed(request, user.id, methods)) {
    const types = await app.secondFactorGate.factorTypes(user.id);
    const pending: PendingFlow = {
      flow: 'mfa_authenticate',
      at: Date.now(),
      userId: user.id,
      methods,
      types,
    };
    return app.sessions.begin(request, null, { methods: [], pending });
  }
  return app.sessions.begin(request, user.id, { methods });
}

/** Logs the user in (see startLoginSession): allauth's 200, or its 401 naming the pending step. */
export async function logInOnNewSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  methods: AuthMethod[],
): Promise<AuthOutcome> {
  const started = await startLoginSession(app, request, user, methods);
  const cookies = { session: started };
  if (!started.session.userId) return { kind: 'unauthenticated', session: started.session, cookies };
  return { kind: 'authenticated', user, session: started.session, cookies };
}

/**
 * Parks a login or signup on a pending step: a fresh anonymous session remembers it and the
 * answer is allauth's 401 listing the pending flow.
 */
export async function startPendingFlow(
  app: FastifyInstance,
  request: FastifyRequest,
  pending: PendingFlow,
): Promise<AuthOutcome> {
  const started = await app.sessions.begin(request, null, { methods: [], pending });
  return { kind: 'unauthenticated', session: started.session, cookies: { session: started } };
}

/** Drops the session's pending flow (e.g. once a login code is used up). */
export async function clearPendingFlow(app: FastifyInstance, session: Session): Promise<void> {
  delete session.data.pending;
  await app.sessions.store.save(session);
}

/** allauth's AuthenticationResponse: 200 with the user when logged in, else 401 with the flows. */
export async function authenticationState(ctx: AuthContext, request: FastifyRequest): Promise<AuthOutcome> {
  const current = await currentUser(ctx.db, request);
  if (current) return { kind: 'authenticated', user: current.user, session: current.session };
  return { kind: 'unauthenticated', session: await request.getSession() };
}

/** Ends this browser's session (a logout): the answer clears its cookie. */
export async function endThisSession(app: FastifyInstance, request: FastifyRequest): Promise<AuthOutcome> {
  await app.sessions.finish(request);
  return { kind: 'unauthenticated', cookies: { session: 'ended' } };
}
