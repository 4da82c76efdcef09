import type { FastifyInstance } from 'fastify';
import { findUserById } from '../accounts/users-repository.ts';
import type { AuthContext } from '../auth-context.ts';
import { tooManyRequests } from '../flows/auth-outcome.ts';
import { logInOnNewSession } from '../flows/session-flows.ts';
import { awaitEmailVerification, mustVerifyEmail } from '../flows/signup-ending.ts';
import { beginAuthentication, completeAuthentication } from '../mfa/webauthn-authentication.ts';
import { unknownPasskey } from '../mfa/webauthn-credentials.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';
import { presenter } from './allauth-presenter.ts';

/**
 * allauth's LoginWebAuthnView (MFA_PASSKEY_LOGIN_ENABLED): a passkey alone logs in, and
 * counts as both factors. The options name no credentials, so the browser offers whichever
 * passkeys it holds, also as autofill (conditional UI).
 */
export function registerWebauthnLoginRoutes(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);

  app.get('/auth/webauthn/login', async (request, reply) =>
    answer(reply, await beginAuthentication(app, ctx, request, 'login', null)),
  );

  app.post('/auth/webauthn/login', async (request, reply) => {
    if (!(await ctx.limiter.consume('login', { ip: request.ip }))) return answer(reply, tooManyRequests);
    const { passkey } = await completeAuthentication(app, ctx, request, 'login', null);
    const user = await findUserById(ctx.db, passkey.userId);
    // Passkeys go with their account; this one's was deleted while it was being used.
    if (!user) throw unknownPasskey;
    const methods: AuthMethod[] = [{ method: 'mfa', at: Date.now(), type: 'webauthn', passwordless: true }];
    // As a password login: the login waits for the address, whose link is mailed again.
    if (mustVerifyEmail(ctx, user)) {
      return answer(reply, await awaitEmailVerification(app, ctx, request, user, methods));
    }
    return answer(reply, await logInOnNewSession(app, request, user, methods));
  });
}
