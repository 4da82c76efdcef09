import type { FastifyInstance } from 'fastify';
import { readString } from '../accounts/account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { conflict, tooManyRequests } from '../flows/auth-outcome.ts';
import { logInOnNewSession } from '../flows/session-flows.ts';
import { awaitEmailVerification, mustVerifyEmail } from '../flows/signup-ending.ts';
import { logIn } from '../password/password-login.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';
import { presenter } from './allauth-presenter.ts';

export function registerLoginRoute(app: FastifyInstance, ctx: AuthContext) {
  const { db, limiter } = ctx;
  const answer = presenter(ctx.settings);
  app.post('/auth/login', async (request, reply) => {
    if (!(await limiter.consume('login', { ip: request.ip }))) return answer(reply, tooManyRequests);
    if (await currentUser(db, request)) return answer(reply, conflict);
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
    if (mustVerifyEmail(ctx, user)) {
      return answer(reply, await awaitEmailVerification(app, ctx, request, user, [method]));
    }
    return answer(reply, await logInOnNewSession(app, request, user, [method]));
  });
}
