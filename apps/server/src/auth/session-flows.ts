import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { currentUser, type AuthContext } from './auth-context.ts';
import type { AuthSettings } from './auth-settings.ts';
import { authenticatedBody, unauthenticatedBody } from './envelopes.ts';
import type { PendingFlow } from './pending-flows.ts';
import type { AuthMethod, Session } from './sessions/session-store.ts';

/** Logs the user in on a brand-new session (no fixation) and answers 200 as allauth does. */
export async function logInOnNewSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  methods: AuthMethod[],
) {
  const session = await app.sessions.start(request, reply, user.id, { methods });
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
