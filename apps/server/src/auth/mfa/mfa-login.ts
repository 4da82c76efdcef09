import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { conflict, type AuthOutcome } from '../flows/auth-outcome.ts';
import { activePending, type MfaTrustPending } from '../sessions/pending-flows.ts';
import type { Session, SessionStore } from '../sessions/session-store.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';
import { findUserById } from '../accounts/users-repository.ts';
import { factorsFingerprint, secondFactorIds } from './mfa-factors.ts';
import { trustedBrowserCookie } from './trust.ts';

export type SecondFactorType = 'totp' | 'recovery_codes' | 'webauthn';

/**
 * The second factor of a pending login was given (a code by auth/2fa/authenticate, a passkey
 * by auth/webauthn/authenticate). As allauth with MFA_TRUST_ENABLED, the login then waits on
 * one more question, `mfa_trust` (trust this browser?), answered by auth/2fa/trust; until then
 * the session stays anonymous. Answers allauth's 401 naming that step, or 409 when no second
 * factor was pending on this session.
 */
export async function completeMfaLogin(
  app: FastifyInstance,
  session: Session,
  type: SecondFactorType,
): Promise<AuthOutcome> {
  const pending = activePending(session);
  if (pending?.flow !== 'mfa_authenticate') return conflict;
  const at = Date.now();
  const methods: AuthMethod[] = [...pending.methods, { method: 'mfa', at, type }];
  const trust: MfaTrustPending = { flow: 'mfa_trust', at, userId: pending.userId, methods };
  // A new object: the loaded session's data may be shared with the store's cache.
  const updated: Session = { ...session, data: { ...session.data, pending: trust } };
  await app.sessions.store.save(updated);
  return { kind: 'unauthenticated', session: updated };
}

/**
 * allauth's mfa_trust stage answered: the login completes on a brand-new session, and with
 * `trust` this browser skips the second factor for 14 days, for the user's current factors.
 */
export async function completeTrustStep(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  trust: boolean,
): Promise<AuthOutcome> {
  const pending = activePending(await request.getSession());
  if (pending?.flow !== 'mfa_trust') return conflict;
  const user = await findUserById(ctx.db, pending.userId);
  if (!user) return conflict;
  // Read before the new session: the cookie keeps the other accounts this browser trusts.
  const trustedBrowser = trust
    ? trustedBrowserCookie(
        ctx.box,
        request,
        user.id,
        factorsFingerprint(user.id, await secondFactorIds(ctx.db, user.id)),
      )
    : undefined;
  const started = await app.sessions.begin(request, user.id, { methods: pending.methods });
  return {
    kind: 'authenticated',
    user,
    session: started.session,
    cookies: { session: started, ...(trustedBrowser ? { trustedBrowser } : {}) },
  };
}

/**
 * allauth's post_authentication(reauthenticated=True): a second factor given again vouches
 * for sensitive changes like the password typed again (the reauthentication timeout restarts).
 */
export async function recordMfaReauthentication(
  store: SessionStore,
  session: Session,
  type: SecondFactorType,
): Promise<Session> {
  const at = Date.now();
  // A new object: the loaded session's arrays may be shared with the store's cache.
  const updated: Session = {
    ...session,
    data: {
      ...session.data,
      methods: [...session.data.methods, { method: 'mfa', at, type, reauthenticated: true }],
    },
    authenticatedAt: at,
  };
  await store.save(updated);
  return updated;
}
