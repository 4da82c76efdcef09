import type { FastifyInstance } from 'fastify';
import { readString } from '../accounts/account-validation.ts';
import { authenticatedOrAnswer } from '../accounts/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { authenticatedBody, tooManyRequestsBody } from '../flows/envelopes.ts';
import { reauthenticateWithPassword } from '../reauthentication/reauthenticate.ts';

export function registerReauthenticateRoute(app: FastifyInstance, ctx: AuthContext) {
  app.post('/auth/reauthenticate', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    if (!(await ctx.limiter.consume('reauthenticate', { user: current.user.id }))) {
      return reply.status(429).send(tooManyRequestsBody);
    }
    const session = await reauthenticateWithPassword(
      ctx,
      app.sessions.store,
      current,
      readString(request.body, 'password'),
    );
    return authenticatedBody(current.user, session);
  });
}
