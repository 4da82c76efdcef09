import type { FastifyInstance } from 'fastify';
import { signUp } from '../flows/signup.ts';
import { readString } from '../accounts/account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { conflict, forbidden, tooManyRequests } from '../flows/auth-outcome.ts';
import { finishSignup } from '../flows/signup-ending.ts';
import { presenter } from './allauth-presenter.ts';

export function registerSignupRoute(app: FastifyInstance, ctx: AuthContext) {
  const { db, settings, limiter } = ctx;
  const answer = presenter(settings);
  app.post('/auth/signup', async (request, reply) => {
    if (!(await limiter.consume('signup', { ip: request.ip }))) return answer(reply, tooManyRequests);
    if (await currentUser(db, request)) return answer(reply, conflict);
    if (!settings.signupOpen) return answer(reply, forbidden);
    const outcome = await signUp(
      db,
      ctx.passwords,
      {
        email: readString(request.body, 'email'),
        username: readString(request.body, 'username'),
        password: readString(request.body, 'password'),
      },
      {
        preventEnumeration: settings.emailVerification === 'mandatory',
        usernameRequired: settings.usernameRequired,
      },
    );
    const email = 'created' in outcome ? outcome.created.email : outcome.emailTaken;
    const methods = [{ method: 'password' as const, at: Date.now(), email }];
    return answer(reply, await finishSignup(app, ctx, request, outcome, methods));
  });
}
