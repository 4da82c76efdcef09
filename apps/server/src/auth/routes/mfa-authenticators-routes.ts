import type { FastifyInstance } from 'fastify';
import { authenticatorCodeInputSchema } from '@voxpad/shared/mfa';
import { requireRecentAuthentication, requireUser } from '../reauthentication/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { conflict, done, withData } from '../flows/auth-outcome.ts';
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
import { presenter } from './allauth-presenter.ts';
import { parseAuthInput } from './parse-auth-input.ts';

/**
 * allauth's account/authenticators views: the list, TOTP (status with a secret to set up,
 * activate, deactivate) and recovery codes (view the unused ones, regenerate). Every change,
 * and showing the codes, needs a recent login or reauthentication.
 */
export function registerMfaAuthenticatorsRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { db, box } = ctx;
  const answer = presenter(ctx.settings);

  app.get('/account/authenticators', async (request, reply) => {
    const current = await requireUser(ctx, request);
    return answer(reply, withData(presentAuthenticators(await listAuthenticators(db, box, current.user.id))));
  });

  app.get('/account/authenticators/totp', async (request, reply) => {
    const current = await requireUser(ctx, request);
    const totp = await findAuthenticatorOfType(db, box, current.user.id, 'totp');
    if (totp) return answer(reply, withData(presentTotp(totp)));
    // allauth's AddAuthenticatorConflict: an unverified address could not recover the account.
    if (await unverifiedEmailBlocksMfa(db, current.user)) return answer(reply, conflict);
    const secret = await offerTotpSecret(app.sessions.store, box, current.session);
    return answer(reply, {
      kind: 'data',
      status: 404,
      meta: { secret, totp_url: totpUrl(secret, current.user.email) },
    });
  });

  app.post('/account/authenticators/totp', async (request, reply) => {
    const current = await requireUser(ctx, request);
    await requireRecentAuthentication(ctx, current);
    const { code } = parseAuthInput(authenticatorCodeInputSchema, request.body);
    const outcome = await activateTotp(ctx, app.sessions.store, request, current, code);
    if (outcome.kind === 'conflict') return answer(reply, conflict);
    return answer(
      reply,
      withData(presentTotp(outcome.totp), { recovery_codes_generated: outcome.recoveryCodesGenerated }),
    );
  });

  app.delete('/account/authenticators/totp', async (request, reply) => {
    const current = await requireUser(ctx, request);
    await requireRecentAuthentication(ctx, current);
    await deactivateTotp(ctx, current.user.id);
    return answer(reply, done);
  });

  app.get('/account/authenticators/recovery-codes', async (request, reply) => {
    const current = await requireUser(ctx, request);
    await requireRecentAuthentication(ctx, current);
    const codes = await findAuthenticatorOfType(db, box, current.user.id, 'recovery_codes');
    if (!codes) return answer(reply, { kind: 'status', status: 404 });
    return answer(reply, withData(presentRecoveryCodesWithCodes(codes)));
  });

  app.post('/account/authenticators/recovery-codes', async (request, reply) => {
    const current = await requireUser(ctx, request);
    await requireRecentAuthentication(ctx, current);
    const codes = await regenerateRecoveryCodes(ctx, current.user.id);
    return answer(reply, withData(presentRecoveryCodesWithCodes(codes)));
  });
}
