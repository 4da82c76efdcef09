import type { FastifyInstance } from 'fastify';
import { requireUser, requireWithinLimit } from '../reauthentication/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { conflict } from '../flows/auth-outcome.ts';
import { activePending } from '../sessions/pending-flows.ts';
import { completeMfaLogin, recordMfaReauthentication } from '../mfa/mfa-login.ts';
import { countSecondFactorAttempt } from '../mfa/second-factor-attempts.ts';
import { beginAuthentication, completeAuthentication } from '../mfa/webauthn-authentication.ts';
import { presenter } from './allauth-presenter.ts';

/**
 * allauth's AuthenticateWebAuthnView and ReauthenticateWebAuthnView: a passkey as the second
 * factor of a pending login (`mfa_authenticate`), and as proof for sensitive changes
 * (`mfa_reauthenticate`). Only the account's own passkeys are offered or accepted, and each
 * answer counts towards the same limit as a code entry (allauth's check_rate_limit).
 */
export function registerWebauthnMfaRoutes(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);

  app.get('/auth/webauthn/authenticate', async (request, reply) => {
    const pending = activePending(await request.getSession());
    if (pending?.flow !== 'mfa_authenticate') return answer(reply, conflict);
    return answer(reply, await beginAuthentication(app, ctx, request, 'authenticate', pending.userId));
  });

  app.post('/auth/webauthn/authenticate', async (request, reply) => {
    const pending = activePending(await request.getSession());
    if (pending?.flow !== 'mfa_authenticate') return answer(reply, conflict);
    const forget = await countSecondFactorAttempt(ctx, request, pending.userId);
    const { session } = await completeAuthentication(app, ctx, request, 'authenticate', pending.userId);
    await forget();
    return answer(reply, await completeMfaLogin(app, session, 'webauthn'));
  });

  app.get('/auth/webauthn/reauthenticate', async (request, reply) => {
    const current = await requireUser(ctx, request);
    return answer(reply, await beginAuthentication(app, ctx, request, 'reauthenticate', current.user.id));
  });

  app.post('/auth/webauthn/reauthenticate', async (request, reply) => {
    const current = await requireUser(ctx, request);
    await requireWithinLimit(ctx, 'reauthenticate', { user: current.user.id });
    const forget = await countSecondFactorAttempt(ctx, request, current.user.id);
    const { session } = await completeAuthentication(app, ctx, request, 'reauthenticate', current.user.id);
    await forget();
    const updated = await recordMfaReauthentication(app.sessions.store, session, 'webauthn');
    return answer(reply, { kind: 'authenticated', user: current.user, session: updated });
  });
}
