import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../http/api-problem.ts';
import { readOutbox } from './outbox-mailer.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** Headers a proxy adds when it passes a request on. */
const FORWARDING = /^(x-forwarded-.*|forwarded|x-real-ip|via|x-client-ip|true-client-ip|cf-connecting-ip)$/;

/**
 * Only a client on this machine talking to us directly: behind a reverse proxy on the same
 * machine every connection is loopback, so a request that shows any sign of having been passed
 * on is refused, whatever TRUST_PROXY says (the proxy may set only some of these headers).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return false;
  return !Object.keys(request.headers).some((name) => FORWARDING.test(name));
}

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
