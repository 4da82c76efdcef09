import type { FastifyInstance } from 'fastify';
import { logIn } from '../password/password-login.ts';
import { readString } from '../accounts/account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { sendConfirmation } from '../email/email-verification.ts';
import { conflictBody, tooManyRequestsBody } from '../flows/envelopes.ts';
import { logInOnNewSession, startPendingFlow } from '../flows/session-flows.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';

export function registerLoginRoute(app: FastifyInstance, ctx: AuthContext) {
  const { db, settings, limiter } = ctx;
  app.post('/auth/login', async (request, reply) => {
    if (!(await limiter.consume('login', { ip: request.ip }))) {
      return reply.status(429).send(tooManyRequestsBody);
    }
    if (await currentUser(db, request)) return reply.status(409).send(conflictBody);
    const { user, by } = await logIn(db, ctx.passwords, limiter, request.ip, {
      username: readString(request.body, 'username'),
      email: readString(request.body, 'email'),
      password: readString(request.body, 'password'),
    });
    const at = Date.now();
    const method: AuthMethod =
      by === 'email'
        ? { method: 'password', at, email: user.email }
        : { method: 'password', at, username: user.username };
    if (settings.emailVerification === 'mandatory' && !user.email_verified) {
      // allauth's email verification stage: the login waits, and the link is mailed again
      // unless one went out in the last few minutes.
      await sendConfirmation(ctx, request, user);
      return startPendingFlow(app, request, reply, settings, {
        flow: 'verify_email',
        at,
        userId: user.id,
        email: user.email,
        methods: [method],
      });
    }
    return logInOnNewSession(app, request, reply, user, [method]);
  });
}
