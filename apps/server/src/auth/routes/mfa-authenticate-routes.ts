import type { FastifyInstance } from 'fastify';
import { authenticatorCodeInputSchema, mfaTrustInputSchema } from '@voxpad/shared/mfa';
import { authenticatedOrAnswer } from '../accounts/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { authenticatedBody, conflictBody } from '../flows/envelopes.ts';
import { verifySecondFactorCode } from '../mfa/code-verification.ts';
import { completeMfaLogin, completeTrustStep, recordMfaReauthentication } from '../mfa/mfa-login.ts';
import { parseAuthInput } from './parse-auth-input.ts';
import { activePending } from '../flows/pending-flows.ts';

/**
 * allauth's auth/2fa views: the second factor of a pending login, the same code as proof for
 * sensitive changes, and the "trust this browser" answer that ends an MFA login.
 */
export function registerMfaAuthenticateRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.post('/auth/2fa/authenticate', async (request, reply) => {
    const session = await request.getSession();
    const pending = activePending(session);
    if (!session || pending?.flow !== 'mfa_authenticate') return reply.status(409).send(conflictBody);
    const { code } = parseAuthInput(authenticatorCodeInputSchema, request.body);
    const type = await verifySecondFactorCode(ctx, request, pending.userId, code);
    return completeMfaLogin(app, ctx, request, reply, session, type);
  });

  app.post('/auth/2fa/reauthenticate', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    const { code } = parseAuthInput(authenticatorCodeInputSchema, request.body);
    const type = await verifySecondFactorCode(ctx, request, current.user.id, code);
    const session = await recordMfaReauthentication(app.sessions.store, current.session, type);
    return authenticatedBody(current.user, session);
  });

  app.post('/auth/2fa/trust', async (request, reply) => {
    const { trust } = parseAuthInput(mfaTrustInputSchema, request.body);
    return completeTrustStep(app, ctx, request, reply, trust);
  });
}
