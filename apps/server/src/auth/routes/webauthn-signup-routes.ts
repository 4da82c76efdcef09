import type { FastifyInstance } from 'fastify';
import { signUp } from '../accounts/signup.ts';
import { readString } from '../accounts/account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { consumeConfirmationQuota, mailConfirmationLink } from '../email/email-verification.ts';
import { mailAccountAlreadyExists } from '../email/enumeration-mails.ts';
import { conflictBody, forbiddenBody, tooManyRequestsBody } from '../flows/envelopes.ts';
import { passkeySignupUser, startPasskeySignupStage } from '../mfa/webauthn-signup.ts';
import { beginRegistration, completeRegistration } from '../mfa/webauthn-registration.ts';
import { logInOnNewSession, startPendingFlow } from '../flows/session-flows.ts';

/**
 * allauth's SignupWebAuthnView (MFA_PASSKEY_SIGNUP_ENABLED): POST starts a signup without a
 * password; once the address is verified (when that is mandatory) the `mfa_signup_webauthn`
 * flow is pending, whose creation options GET gives and whose PUT hands over the new passkey
 * and logs the account in.
 */
export function registerWebauthnSignupRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { db, settings, limiter } = ctx;

  app.post('/auth/webauthn/signup', async (request, reply) => {
    if (!(await limiter.consume('signup', { ip: request.ip }))) {
      return reply.status(429).send(tooManyRequestsBody);
    }
    if (await currentUser(db, request)) return reply.status(409).send(conflictBody);
    if (!settings.signupOpen) return reply.status(403).send(forbiddenBody);
    const mandatory = settings.emailVerification === 'mandatory';
    const outcome = await signUp(
      db,
      ctx.passwords,
      {
        email: readString(request.body, 'email'),
        username: readString(request.body, 'username'),
        password: undefined,
      },
      { preventEnumeration: mandatory, usernameRequired: settings.usernameRequired, withoutPassword: true },
    );
    const user = 'created' in outcome ? outcome.created : undefined;
    if (user && !mandatory) return startPasskeySignupStage(app, ctx, request, reply, user.id);

    // As the password signup: a taken address answers exactly like a new account, and its
    // owner is told by mail instead.
    const email = 'created' in outcome ? outcome.created.email : outcome.emailTaken;
    if (await consumeConfirmationQuota(ctx, email)) {
      if (user) mailConfirmationLink(ctx, request, user.id);
      else mailAccountAlreadyExists(ctx, request, email);
    }
    return startPendingFlow(app, request, reply, settings, {
      flow: 'verify_email',
      at: Date.now(),
      userId: user?.id ?? null,
      email,
      methods: [],
      passkeySignup: true,
    });
  });

  app.get('/auth/webauthn/signup', async (request, reply) => {
    const user = await passkeySignupUser(ctx, await request.getSession());
    if (!user) return reply.status(409).send(conflictBody);
    return beginRegistration(app, ctx, request, reply, user, 'signup', true);
  });

  app.put('/auth/webauthn/signup', async (request, reply) => {
    const user = await passkeySignupUser(ctx, await request.getSession());
    if (!user) return reply.status(409).send(conflictBody);
    await completeRegistration(app, ctx, request, user, 'signup');
    // The passkey was just made with the person verified: it is the login's only factor.
    return logInOnNewSession(app, request, reply, user, [
      { method: 'mfa', at: Date.now(), type: 'webauthn', passwordless: true },
    ]);
  });
}
