import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { unauthenticatedBody } from '../flows/envelopes.ts';
import { authenticatorTypes } from '../mfa/mfa-factors.ts';
import { reauthenticationRequiredBody, recentlyAuthenticated } from '../reauthentication/reauthentication.ts';
import type { Session } from '../sessions/session-store.ts';

export interface Authenticated {
  user: UserRow;
  session: Session;
}

/**
 * The logged-in user, or undefined once allauth's 401 with the login flows has been sent
 * (allauth's AuthenticatedAPIView).
 */
export async function authenticatedOrAnswer(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Authenticated | undefined> {
  const current = await currentUser(ctx.db, request);
  if (current) return current;
  await reply.status(401).send(unauthenticatedBody(ctx.settings, await request.getSession()));
  return undefined;
}

/**
 * For sensitive changes: true once the 401 asking to reauthenticate has been sent, because
 * the user's last login or reauthentication is too old (allauth's reauthentication_required).
 */
export async function answeredReauthenticationRequired(
  ctx: AuthContext,
  { user, session }: Authenticated,
  reply: FastifyReply,
): Promise<boolean> {
  const mfaTypes = await authenticatorTypes(ctx.db, user.id);
  const timeoutMs = ctx.settings.reauthenticationTimeoutMs;
  if (recentlyAuthenticated(user, session, timeoutMs, Date.now(), mfaTypes)) return false;
  await reply.status(401).send(reauthenticationRequiredBody(user, session, mfaTypes));
  return true;
}
