import type { FastifyInstance } from 'fastify';
import { signUp } from '../flows/signup.ts';
import { readString } from '../accounts/account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { conflict, forbidden, tooManyRequests } from '../flows/auth-outcome.ts';
import { logInOnNewSession } from '../flows/session-flows.ts';
import { finishSignup } from '../flows/signup-ending.ts';
import { passkeySignupUser } from '../mfa/webauthn-signup.ts';
import { beginRegistration, completeRegistration } from '../mfa/webauthn-registration.ts';
import { presenter } from './allauth-presenter.ts';

/**
 * allauth's SignupWebAuthnView (MFA_PASSKEY_SIGNUP_ENABLED): POST starts a signup without a
 * password; once the address is verified (when that is mandatory) the `mfa_signup_webauthn`
 * flow is pending, whose creation options GET gives and whose PUT hands over the new passkey
 * and logs the account in.
 */
export function registerWebauthnSignupRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { db, settings, limiter } = ctx;
  const answer = presenter(settings);

  app.post('/auth/webauthn/signup', async (request, reply) => {
    if (!(await limiter.consume('signup', { ip: request.ip }))) return answer(reply, tooManyRequests);
    if (await currentUser(db, request)) return answer(reply, conflict);
    if (!settings.signupOpen) return answer(reply, forbidden);
    const outcome = await signUp(
      db,
      ctx.passwords,
      {
        email: readString(request.body, 'email'),
        username: readString(request.body, 'username'),
        password: undefined,
      },
      {
        preventEnumeration: settings.emailVerification === 'mandatory',
        usernameRequired: settings.usernameRequired,
        withoutPassword: true,
      },
    );
    return answer(reply, await finishSignup(app, ctx, request, outcome, [], { passkeySignup: true }));
  });

  app.get('/auth/webauthn/signup', async (request, reply) => {
    const user = await passkeySignupUser(ctx, await request.getSession());
    if (!user) return answer(reply, conflict);
    return answer(reply, await beginRegistration(app, ctx, request, user, 'signup', true));
  });

  app.put('/auth/webauthn/signup', async (request, reply) => {
    const user = await passkeySignupUser(ctx, await request.getSession());
    if (!user) return answer(reply, conflict);
    await completeRegistration(app, ctx, request, user, 'signup');
    // The passkey was just made with the person verified: it is the login's only factor.
    const methods = [
      { method: 'mfa' as const, at: Date.now(), type: 'webauthn' as const, passwordless: true },
    ];
    return answer(reply, await logInOnNewSession(app, request, user, methods));
  });
}
