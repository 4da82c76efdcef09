import type { FastifyInstance } from 'fastify';
import { readString } from '../accounts/account-validation.ts';
import { requireUser, requireWithinLimit } from '../reauthentication/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { reauthenticateWithPassword } from '../reauthentication/reauthenticate.ts';
import { presenter } from './allauth-presenter.ts';

export function registerReauthenticateRoute(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);
  app.post('/auth/reauthenticate', async (request, reply) => {
    const current = await requireUser(ctx, request);
    await requireWithinLimit(ctx, 'reauthenticate', { user: current.user.id });
    const password = readString(request.body, 'password');
    const session = await reauthenticateWithPassword(ctx, app.sessions.store, current, password);
    return answer(reply, { kind: 'authenticated', user: current.user, session });
  });
}
