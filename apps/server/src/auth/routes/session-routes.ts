import type { FastifyInstance } from 'fastify';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { authenticatedBody, unauthenticatedBody } from '../flows/envelopes.ts';
import { sessionEnded } from '../sessions/session-ends.ts';

export function registerSessionRoutes(app: FastifyInstance, { db, settings }: AuthContext) {
  app.get('/auth/session', async (request, reply) => {
    const current = await currentUser(db, request);
    if (current) return authenticatedBody(current.user, current.session);
    return reply.status(401).send(unauthenticatedBody(settings, await request.getSession()));
  });

  app.delete('/auth/session', async (request, reply) => {
    const ending = await request.getSession();
    await app.sessions.end(request, reply);
    // Progress streams opened with this session close now, not at their next check.
    if (ending) sessionEnded(ending.id);
    return reply.status(401).send(unauthenticatedBody(settings));
  });
}
