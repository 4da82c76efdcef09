import type { FastifyInstance } from 'fastify';
import type { AuthContext } from './auth-context.ts';
import { registerConfigRoute } from './routes/config-route.ts';
import { registerLoginRoute } from './routes/login-route.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import { registerSignupRoute } from './routes/signup-route.ts';

/** allauth's headless API for browser clients. */
export const AUTH_PREFIX = '/_headless/browser/v1';

export async function authApi(app: FastifyInstance, context: AuthContext) {
  registerConfigRoute(app, context);
  registerSessionRoutes(app, context);
  registerSignupRoute(app, context);
  registerLoginRoute(app, context);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ status: 404 }));
}
