import type { FastifyInstance } from 'fastify';
import { logIn } from '../account-service.ts';
import { readString } from '../account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { authenticatedBody, conflictBody } from '../envelopes.ts';

export function registerLoginRoute(app: FastifyInstance, { db }: AuthContext) {
  app.post('/auth/login', async (request, reply) => {
    if (await currentUser(db, request)) return reply.status(409).send(conflictBody);
    const { user, by } = await logIn(db, {
      username: readString(request.body, 'username'),
      email: readString(request.body, 'email'),
      password: readString(request.body, 'password'),
    });
    const session = await app.sessions.start(request, reply, user.id, {
      methods: [
        by === 'email'
          ? { method: 'password', at: Date.now(), email: user.email }
          : { method: 'password', at: Date.now(), username: user.username },
      ],
    });
    return authenticatedBody(user, session);
  });
}
