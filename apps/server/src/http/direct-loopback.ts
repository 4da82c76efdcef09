import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** Headers a proxy adds when it passes a request on. */
const FORWARDING = /^(x-forwarded-.*|forwarded|x-real-ip|via|x-client-ip|true-client-ip|cf-connecting-ip)$/;

/**
 * Only a client on this machine talking to us directly: behind a reverse proxy on the same
 * machine every connection is loopback, so a request that shows any sign of having been passed
 * on is refused, whatever TRUST_PROXY says (the proxy may set only some of these headers).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return false;
  return !Object.keys(request.headers).some((name) => FORWARDING.test(name));
}
