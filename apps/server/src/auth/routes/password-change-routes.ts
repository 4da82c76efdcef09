import type { FastifyInstance } from 'fastify';
import { readString } from '../accounts/account-validation.ts';
import { answeredReauthenticationRequired, authenticatedOrAnswer } from '../accounts/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { authenticatedBody, tooManyRequestsBody } from '../flows/envelopes.ts';
import { changePassword } from '../password/password-change.ts';
import { findUserById } from '../accounts/users-repository.ts';

export function registerPasswordChangeRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.post('/account/password/change', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    if (!(await ctx.limiter.consume('change_password', { user: current.user.id }))) {
      return reply.status(429).send(tooManyRequestsBody);
    }
    if (await answeredReauthenticationRequired(ctx, current, reply)) return reply;
    const session = await changePassword(ctx, app, request, reply, current, {
      currentPassword: readString(request.body, 'current_password'),
      newPassword: readString(request.body, 'new_password'),
    });
    // has_usable_password may have just become true.
    return authenticatedBody((await findUserById(ctx.db, current.user.id)) ?? current.user, session);
  });
}
