import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { sendConfirmation } from '../email/email-verification.ts';
import { tooManyRequestsBody } from '../flows/envelopes.ts';
import { beginAuthentication, completeAuthentication } from '../mfa/webauthn-authentication.ts';
import { unknownPasskey } from '../mfa/webauthn-credentials.ts';
import { logInOnNewSession, startPendingFlow } from '../flows/session-flows.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';
import { findUserById } from '../accounts/users-repository.ts';

/**
 * allauth's LoginWebAuthnView (MFA_PASSKEY_LOGIN_ENABLED): a passkey alone logs in, and
 * counts as both factors. The options name no credentials, so the browser offers whichever
 * passkeys it holds, also as autofill (conditional UI).
 */
export function registerWebauthnLoginRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.get('/auth/webauthn/login', async (request, reply) =>
    beginAuthentication(app, ctx, request, reply, 'login', null),
  );

  app.post('/auth/webauthn/login', async (request, reply) => {
    if (!(await ctx.limiter.consume('login', { ip: request.ip }))) {
      return reply.status(429).send(tooManyRequestsBody);
    }
    const { passkey } = await completeAuthentication(app, ctx, request, 'login', null);
    const user = await findUserById(ctx.db, passkey.userId);
    // Passkeys go with their account; this one's was deleted while it was being used.
    if (!user) throw unknownPasskey;
    const at = Date.now();
    const methods: AuthMethod[] = [{ method: 'mfa', at, type: 'webauthn', passwordless: true }];
    if (ctx.settings.emailVerification === 'mandatory' && !user.email_verified) {
      // As a password login: the login waits for the address, whose link is mailed again.
      await sendConfirmation(ctx, request, user);
      return startPendingFlow(app, request, reply, ctx.settings, {
        flow: 'verify_email',
        at,
        userId: user.id,
        email: user.email,
        methods,
      });
    }
    return logInOnNewSession(app, request, reply, user, methods);
  });
}
