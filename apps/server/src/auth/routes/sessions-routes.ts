import type { FastifyInstance } from 'fastify';
import { authenticatedOrAnswer } from '../accounts/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { unauthenticatedBody } from '../flows/envelopes.ts';
import { endUserSessions } from '../sessions/end-sessions.ts';
import { presentSessions, selectSessions } from '../sessions/session-list.ts';

/** allauth's usersessions: the user's sessions on every device, and ending some of them. */
export function registerSessionsRoutes(app: FastifyInstance, ctx: AuthContext) {
  const store = app.sessions.store;

  app.get('/auth/sessions', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    return {
      status: 200,
      data: presentSessions(await store.listForUser(current.user.id), current.session.id),
    };
  });

  app.delete('/auth/sessions', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    const { user, session } = current;
    const body = request.body as Record<string, unknown> | null | undefined;
    const ending = selectSessions(body?.sessions, await store.listForUser(user.id));
    await endUserSessions(
      store,
      user.id,
      ending.map((s) => s.id),
    );
    if (ending.some((s) => s.id === session.id)) {
      // Ending this browser's own session is a logout: its cookies go too.
      await app.sessions.end(request, reply);
      return reply.status(401).send(unauthenticatedBody(ctx.settings));
    }
    return { status: 200, data: presentSessions(await store.listForUser(user.id), session.id) };
  });
}
