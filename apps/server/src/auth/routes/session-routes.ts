import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { authenticationState, endThisSession } from '../flows/session-flows.ts';
import { sessionEnded } from '../sessions/session-ends.ts';
import { presenter } from './allauth-presenter.ts';

export function registerSessionRoutes(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);

  app.get('/auth/session', async (request, reply) => answer(reply, await authenticationState(ctx, request)));

  app.delete('/auth/session', async (request, reply) => {
    const ending = await request.getSession();
    const outcome = await endThisSession(app, request);
    // Progress streams opened with this session close now, not at their next check.
    if (ending) sessionEnded(ending.id);
    return answer(reply, outcome);
  });
}
