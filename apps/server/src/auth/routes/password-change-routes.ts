import type { FastifyInstance } from 'fastify';
import { readString } from '../accounts/account-validation.ts';
import {
  requireRecentAuthentication,
  requireUser,
  requireWithinLimit,
} from '../reauthentication/account-guards.ts';
import { findUserById } from '../accounts/users-repository.ts';
import type { AuthContext } from '../auth-context.ts';
import { changePassword } from '../password/password-change.ts';
import { presenter } from './allauth-presenter.ts';

export function registerPasswordChangeRoutes(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);
  app.post('/account/password/change', async (request, reply) => {
    const current = await requireUser(ctx, request);
    await requireWithinLimit(ctx, 'change_password', { user: current.user.id });
    await requireRecentAuthentication(ctx, current);
    const rotated = await changePassword(ctx, app, request, current, {
      currentPassword: readString(request.body, 'current_password'),
      newPassword: readString(request.body, 'new_password'),
    });
    // has_usable_password may have just become true.
    const user = (await findUserById(ctx.db, current.user.id)) ?? current.user;
    return answer(reply, {
      kind: 'authenticated',
      user,
      session: rotated.session,
      cookies: { session: rotated },
    });
  });
}
