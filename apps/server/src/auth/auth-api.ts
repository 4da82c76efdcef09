import type { FastifyInstance } from 'fastify';
import { handleError } from '../http/error-handler.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthRefusal } from './flows/auth-outcome.ts';
import { commonPasswords } from './password/common-passwords.ts';
import { present } from './routes/allauth-presenter.ts';
import { SecondFactorGate } from './mfa/second-factor-gate.ts';
import { registerMfaAuthenticateRoutes } from './routes/mfa-authenticate-routes.ts';
import { registerMfaAuthenticatorsRoutes } from './routes/mfa-authenticators-routes.ts';
import { registerAccountProvidersRoutes } from './routes/account-providers-routes.ts';
import { registerConfigRoute } from './routes/config-route.ts';
import { registerEmailVerificationRoutes } from './routes/email-verification-routes.ts';
import { registerEmailRoutes } from './routes/email-routes.ts';
import { registerLoginCodeRoutes } from './routes/login-code-routes.ts';
import { registerLoginRoute } from './routes/login-route.ts';
import { registerPasswordChangeRoutes } from './routes/password-change-routes.ts';
import { registerPasswordResetRoutes } from './routes/password-reset-routes.ts';
import { registerReauthenticateRoute } from './routes/reauthenticate-route.ts';
import { registerProviderRoutes } from './routes/provider-routes.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import { registerSessionsRoutes } from './routes/sessions-routes.ts';
import { registerSignupRoute } from './routes/signup-route.ts';
import { registerWebauthnAccountRoutes } from './routes/webauthn-account-routes.ts';
import { registerWebauthnLoginRoutes } from './routes/webauthn-login-routes.ts';
import { registerWebauthnMfaRoutes } from './routes/webauthn-mfa-routes.ts';
import { registerWebauthnSignupRoutes } from './routes/webauthn-signup-routes.ts';

/** allauth's headless API for browser clients. */
export const AUTH_PREFIX = '/_headless/browser/v1';

export async function authApi(app: FastifyInstance, context: AuthContext) {
  // Read the list now, so a broken install fails at start and not on someone's signup.
  commonPasswords();
  // Every answer here describes someone's session or account: no cache or proxy may keep it.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  // A guard's refusal (401, reauthentication, 429) is an answer, not a failure.
  app.setErrorHandler<Error>((error, request, reply) =>
    error instanceof AuthRefusal
      ? present(reply, context.settings, error.outcome)
      : handleError(error, request, reply),
  );
  // Every login asks it whether a second factor is still owed (session-flows.ts).
  app.decorate('secondFactorGate', new SecondFactorGate(context.db, context.box, context.settings));
  registerConfigRoute(app, context);
  registerSessionRoutes(app, context);
  registerSignupRoute(app, context);
  registerLoginRoute(app, context);
  registerEmailVerificationRoutes(app, context);
  registerPasswordResetRoutes(app, context);
  registerReauthenticateRoute(app, context);
  registerEmailRoutes(app, context);
  registerPasswordChangeRoutes(app, context);
  registerSessionsRoutes(app, context);
  registerMfaAuthenticatorsRoutes(app, context);
  registerMfaAuthenticateRoutes(app, context);
  registerWebauthnAccountRoutes(app, context);
  registerWebauthnLoginRoutes(app, context);
  registerWebauthnSignupRoutes(app, context);
  registerWebauthnMfaRoutes(app, context);
  if (context.settings.loginByCodeEnabled) registerLoginCodeRoutes(app, context);
  await registerProviderRoutes(app, context);
  registerAccountProvidersRoutes(app, context);
  app.setNotFoundHandler((_request, reply) =>
    present(reply, context.settings, { kind: 'status', status: 404 }),
  );
}
