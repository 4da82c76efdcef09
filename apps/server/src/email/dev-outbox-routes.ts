import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../http/api-problem.ts';
import { readOutbox } from './outbox-mailer.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Both the connection and the client the proxy names must be local: behind a reverse proxy on
 * the same machine every connection is loopback, so the socket alone proves nothing.
 */
function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

/**
 * GET /api/v1/dev/outbox/: the mails written to the local outbox, newest first, for people
 * developing or trying Voxpad without a mail server. Anyone else gets a plain 404.
 */
export function registerDevOutboxRoutes(app: FastifyInstance, deps: { dir: string }) {
  app.get('/dev/outbox/', async (request) => {
    if (!fromLoopback(request)) throw notFound('This page');
    return { status: 200, data: await readOutbox(deps.dir) };
  });
}
