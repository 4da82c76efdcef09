import type { FastifyInstance } from 'fastify';
import { authenticatedOrAnswer } from '../accounts/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { authenticatedBody, conflictBody, tooManyRequestsBody } from '../flows/envelopes.ts';
import { completeMfaLogin, recordMfaReauthentication } from '../mfa/mfa-login.ts';
import { countSecondFactorAttempt } from '../mfa/second-factor-attempts.ts';
import { beginAuthentication, completeAuthentication } from '../mfa/webauthn-authentication.ts';
import { activePending } from '../flows/pending-flows.ts';

/**
 * allauth's AuthenticateWebAuthnView and ReauthenticateWebAuthnView: a passkey as the second
 * factor of a pending login (`mfa_authenticate`), and as proof for sensitive changes
 * (`mfa_reauthenticate`). Only the account's own passkeys are offered or accepted, and each
 * answer counts towards the same limit as a code entry (allauth's check_rate_limit).
 */
export function registerWebauthnMfaRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.get('/auth/webauthn/authenticate', async (request, reply) => {
    const pending = activePending(await request.getSession());
    if (pending?.flow !== 'mfa_authenticate') return reply.status(409).send(conflictBody);
    return beginAuthentication(app, ctx, request, reply, 'authenticate', pending.userId);
  });

  app.post('/auth/webauthn/authenticate', async (request, reply) => {
    const pending = activePending(await request.getSession());
    if (pending?.flow !== 'mfa_authenticate') return reply.status(409).send(conflictBody);
    const forget = await countSecondFactorAttempt(ctx, request, pending.userId);
    const { session } = await completeAuthentication(app, ctx, request, 'authenticate', pending.userId);
    await forget();
    return completeMfaLogin(app, ctx, request, reply, session, 'webauthn');
  });

  app.get('/auth/webauthn/reauthenticate', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    return beginAuthentication(app, ctx, request, reply, 'reauthenticate', current.user.id);
  });

  app.post('/auth/webauthn/reauthenticate', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    if (!(await ctx.limiter.consume('reauthenticate', { user: current.user.id }))) {
      return reply.status(429).send(tooManyRequestsBody);
    }
    const forget = await countSecondFactorAttempt(ctx, request, current.user.id);
    const { session } = await completeAuthentication(app, ctx, request, 'reauthenticate', current.user.id);
    await forget();
    const updated = await recordMfaReauthentication(app.sessions.store, session, 'webauthn');
    return authenticatedBody(current.user, updated);
  });
}
