import type { FastifyInstance } from 'fastify';
import { fromThisMachine } from '../http/direct-loopback.ts';
import { notFound } from '../http/api-problem.ts';
import { readOutbox } from './outbox-mailer.ts';

/**
 * GET /api/v1/dev/outbox/: the mails written to the local outbox, newest first, for people
 * developing or trying Voxpad without a mail server. Anyone else gets a plain 404.
 */
export function registerDevOutboxRoutes(app: FastifyInstance, deps: { dir: string }) {
  app.get('/dev/outbox/', async (request, reply) => {
    if (!fromThisMachine(request)) throw notFound('This page');
    // Mailed keys and codes: nothing on the way may keep a copy.
    reply.header('cache-control', 'no-store');
    return { status: 200, data: await readOutbox(deps.dir) };
  });
}
