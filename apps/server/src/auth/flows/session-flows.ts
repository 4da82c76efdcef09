import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import type { AuthSettings } from '../auth-settings.ts';
import { authenticatedBody, unauthenticatedBody } from './envelopes.ts';
import type { PendingFlow } from './pending-flows.ts';
import type {} from '../mfa/second-factor-gate.ts';
import type { Session } from '../sessions/session-store.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';

/**
 * Every login ends here: it starts a brand-new session (no fixation) for the user, or, when
 * the user has a second factor this browser is not trusted for, an anonymous one waiting on
 * allauth's mfa_authenticate stage (ADR 0017). Returns the session started.
 */
export async function startLoginSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  methods: AuthMethod[],
): Promise<Session> {
  if (await app.secondFactorGate.isOwed(request, user.id, methods)) {
    const types = await app.secondFactorGate.factorTypes(user.id);
    const pending: PendingFlow = {
      flow: 'mfa_authenticate',
      at: Date.now(),
      userId: user.id,
      methods,
      types,
    };
    return app.sessions.start(request, reply, null, { methods: [], pending });
  }
  return app.sessions.start(request, reply, user.id, { methods });
}

/** Logs the user in (see startLoginSession) and answers as allauth does: 200, or 401 naming the pending step. */
export async function logInOnNewSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  methods: AuthMethod[],
) {
  const session = await startLoginSession(app, request, reply, user, methods);
  if (!session.userId) {
    return reply.status(401).send(unauthenticatedBody(app.secondFactorGate.settings, session));
  }
  return reply.status(200).send(authenticatedBody(user, session));
}

/**
 * Parks a login or signup on a pending step: a fresh anonymous session remembers it and the
 * answer is allauth's 401 listing the pending flow.
 */
export async function startPendingFlow(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  settings: AuthSettings,
  pending: PendingFlow,
) {
  const session = await app.sessions.start(request, reply, null, { methods: [], pending });
  return reply.status(401).send(unauthenticatedBody(settings, session));
}

/** Drops the session's pending flow (e.g. once a login code is used up). */
export async function clearPendingFlow(app: FastifyInstance, session: Session): Promise<void> {
  delete session.data.pending;
  await app.sessions.store.save(session);
}

/** allauth's AuthenticationResponse: 200 with the user when logged in, else 401 with the flows. */
export async function answerAuthenticationState(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const current = await currentUser(ctx.db, request);
  if (current) return reply.status(200).send(authenticatedBody(current.user, current.session));
  return reply.status(401).send(unauthenticatedBody(ctx.settings, await request.getSession()));
}
