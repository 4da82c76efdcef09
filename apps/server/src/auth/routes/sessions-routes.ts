import type { FastifyInstance } from 'fastify';
import { requireUser } from '../reauthentication/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { withData } from '../flows/auth-outcome.ts';
import { endThisSession } from '../flows/session-flows.ts';
import { endUserSessions } from '../sessions/end-sessions.ts';
import { presentSessions, selectSessions } from '../sessions/session-list.ts';
import { presenter } from './allauth-presenter.ts';

/** allauth's usersessions: the user's sessions on every device, and ending some of them. */
export function registerSessionsRoutes(app: FastifyInstance, ctx: AuthContext) {
  const store = app.sessions.store;
  const answer = presenter(ctx.settings);

  app.get('/auth/sessions', async (request, reply) => {
    const current = await requireUser(ctx, request);
    return answer(
      reply,
      withData(presentSessions(await store.listForUser(current.user.id), current.session.id)),
    );
  });

  app.delete('/auth/sessions', async (request, reply) => {
    const { user, session } = await requireUser(ctx, request);
    const body = request.body as Record<string, unknown> | null | undefined;
    const ending = selectSessions(body?.sessions, await store.listForUser(user.id));
    await endUserSessions(
      store,
      user.id,
      ending.map((s) => s.id),
    );
    // Ending this browser's own session is a logout: its cookies go too.
    if (ending.some((s) => s.id === session.id)) return answer(reply, await endThisSession(app, request));
    return answer(reply, withData(presentSessions(await store.listForUser(user.id), session.id)));
  });
}
