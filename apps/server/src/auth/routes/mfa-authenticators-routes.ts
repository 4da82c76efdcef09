import type { FastifyInstance } from 'fastify';
import { authenticatorCodeInputSchema } from '@voxpad/shared/mfa';
import { answeredReauthenticationRequired, authenticatedOrAnswer } from '../accounts/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { conflictBody, okBody } from '../flows/envelopes.ts';
import {
  presentAuthenticators,
  presentRecoveryCodesWithCodes,
  presentTotp,
} from '../mfa/authenticator-presenters.ts';
import { unverifiedEmailBlocksMfa } from '../mfa/authenticator-eligibility.ts';
import { activateTotp, deactivateTotp, regenerateRecoveryCodes } from '../mfa/authenticator-management.ts';
import { findAuthenticatorOfType, listAuthenticators } from '../mfa/authenticators-repository.ts';
import { offerTotpSecret } from '../mfa/totp-setup.ts';
import { totpUrl } from '../mfa/totp.ts';
import { parseAuthInput } from './parse-auth-input.ts';

/**
 * allauth's account/authenticators views: the list, TOTP (status with a secret to set up,
 * activate, deactivate) and recovery codes (view the unused ones, regenerate). Every change,
 * and showing the codes, needs a recent login or reauthentication.
 */
export function registerMfaAuthenticatorsRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { db, box } = ctx;

  app.get('/account/authenticators', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    return { status: 200, data: presentAuthenticators(await listAuthenticators(db, box, current.user.id)) };
  });

  app.get('/account/authenticators/totp', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    const totp = await findAuthenticatorOfType(db, box, current.user.id, 'totp');
    if (totp) return { status: 200, data: presentTotp(totp) };
    // allauth's AddAuthenticatorConflict: an unverified address could not recover the account.
    if (await unverifiedEmailBlocksMfa(db, current.user)) return reply.status(409).send(conflictBody);
    const secret = await offerTotpSecret(app.sessions.store, box, current.session);
    return reply
      .status(404)
      .send({ status: 404, meta: { secret, totp_url: totpUrl(secret, current.user.email) } });
  });

  app.post('/account/authenticators/totp', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    if (await answeredReauthenticationRequired(ctx, current, reply)) return reply;
    const { code } = parseAuthInput(authenticatorCodeInputSchema, request.body);
    const outcome = await activateTotp(ctx, app.sessions.store, request, current, code);
    if (outcome.kind === 'conflict') return reply.status(409).send(conflictBody);
    return {
      status: 200,
      data: presentTotp(outcome.totp),
      meta: { recovery_codes_generated: outcome.recoveryCodesGenerated },
    };
  });

  app.delete('/account/authenticators/totp', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    if (await answeredReauthenticationRequired(ctx, current, reply)) return reply;
    await deactivateTotp(ctx, current.user.id);
    return okBody;
  });

  app.get('/account/authenticators/recovery-codes', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    if (await answeredReauthenticationRequired(ctx, current, reply)) return reply;
    const codes = await findAuthenticatorOfType(db, box, current.user.id, 'recovery_codes');
    if (!codes) return reply.status(404).send({ status: 404 });
    return { status: 200, data: presentRecoveryCodesWithCodes(codes) };
  });

  app.post('/account/authenticators/recovery-codes', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    if (await answeredReauthenticationRequired(ctx, current, reply)) return reply;
    const codes = await regenerateRecoveryCodes(ctx, current.user.id);
    return { status: 200, data: presentRecoveryCodesWithCodes(codes) };
  });
}
