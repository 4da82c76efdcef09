import type { FastifyInstance } from 'fastify';
import { signUp } from '../accounts/signup.ts';
import { readString } from '../accounts/account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { consumeConfirmationQuota, mailConfirmationLink } from '../email/email-verification.ts';
import { mailAccountAlreadyExists } from '../email/enumeration-mails.ts';
import { conflictBody, forbiddenBody, tooManyRequestsBody } from '../flows/envelopes.ts';
import { logInOnNewSession, startPendingFlow } from '../flows/session-flows.ts';

export function registerSignupRoute(app: FastifyInstance, ctx: AuthContext) {
  const { db, settings, limiter } = ctx;
  app.post('/auth/signup', async (request, reply) => {
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
        password: readString(request.body, 'password'),
      },
      { preventEnumeration: mandatory, usernameRequired: settings.usernameRequired },
    );
    const at = Date.now();
    const user = 'created' in outcome ? outcome.created : undefined;
    const email = 'created' in outcome ? outcome.created.email : outcome.emailTaken;
    const methods = [{ method: 'password' as const, at, email }];
    if (user && !mandatory) return logInOnNewSession(app, request, reply, user, methods);

    // A taken address answers exactly like a new account; its owner is told by mail instead.
    if (await consumeConfirmationQuota(ctx, email)) {
      if (user) mailConfirmationLink(ctx, request, user.id);
      else mailAccountAlreadyExists(ctx, request, email);
    }
    return startPendingFlow(app, request, reply, settings, {
      flow: 'verify_email',
      at,
      userId: user?.id ?? null,
      email,
      methods,
    });
  });
}
