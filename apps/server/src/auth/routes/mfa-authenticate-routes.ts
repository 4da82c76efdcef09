import type { FastifyInstance } from 'fastify';
import { authenticatorCodeInputSchema, mfaTrustInputSchema } from '@voxpad/shared/mfa';
import { requireUser } from '../reauthentication/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { conflict } from '../flows/auth-outcome.ts';
import { activePending } from '../sessions/pending-flows.ts';
import { verifySecondFactorCode } from '../mfa/code-verification.ts';
import { completeMfaLogin, completeTrustStep, recordMfaReauthentication } from '../mfa/mfa-login.ts';
import { presenter } from './allauth-presenter.ts';
import { parseAuthInput } from './parse-auth-input.ts';

/**
 * allauth's auth/2fa views: the second factor of a pending login, the same code as proof for
 * sensitive changes, and the "trust this browser" answer that ends an MFA login.
 */
export function registerMfaAuthenticateRoutes(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);

  app.post('/auth/2fa/authenticate', async (request, reply) => {
    const session = await request.getSession();
    const pending = activePending(session);
    if (!session || pending?.flow !== 'mfa_authenticate') return answer(reply, conflict);
    const { code } = parseAuthInput(authenticatorCodeInputSchema, request.body);
    const type = await verifySecondFactorCode(ctx, request, pending.userId, code);
    return answer(reply, await completeMfaLogin(app, session, type));
  });

  app.post('/auth/2fa/reauthenticate', async (request, reply) => {
    const current = await requireUser(ctx, request);
    const { code } = parseAuthInput(authenticatorCodeInputSchema, request.body);
    const type = await verifySecondFactorCode(ctx, request, current.user.id, code);
    const session = await recordMfaReauthentication(app.sessions.store, current.session, type);
    return answer(reply, { kind: 'authenticated', user: current.user, session });
  });

  app.post('/auth/2fa/trust', async (request, reply) => {
    const { trust } = parseAuthInput(mfaTrustInputSchema, request.body);
    return answer(reply, await completeTrustStep(app, ctx, request, trust));
  });
}
