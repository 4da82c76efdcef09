import type { FastifyInstance } from 'fastify';
import { signUp } from '../account-service.ts';
import { readString } from '../account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { authenticatedBody, conflictBody, forbiddenBody } from '../envelopes.ts';

export function registerSignupRoute(app: FastifyInstance, { db, settings }: AuthContext) {
  app.post('/auth/signup', async (request, reply) => {
    if (await currentUser(db, request)) return reply.status(409).send(conflictBody);
    if (!settings.signupOpen) return reply.status(403).send(forbiddenBody);
    const user = await signUp(db, {
      email: readString(request.body, 'email'),
      username: readString(request.body, 'username'),
      password: readString(request.body, 'password'),
    });
    const session = await app.sessions.start(request, reply, user.id, {
      methods: [{ method: 'password', at: Date.now(), email: user.email }],
    });
    return authenticatedBody(user, session);
  });
}
