import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromThisMachine } from '../http/direct-loopback.ts';
import type { Metrics } from './metrics.ts';

export interface MetricsRouteDeps {
  metrics: Metrics;
  /** Lets scrapers on other machines in with `Authorization: Bearer <token>`. */
  token: string | undefined;
}

/**
 * GET /metrics in Prometheus' text format. Open to a scraper on this machine talking to us
 * directly; anyone else needs METRICS_TOKEN as a bearer token.
 */
export function registerMetricsRoute(app: FastifyInstance, deps: MetricsRouteDeps) {
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!fromThisMachine(request) && !hasToken(request, deps.token)) {
      return reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({
          status: 403,
          errors: [
            {
              code: 'metrics_forbidden',
              message: deps.token
                ? 'Metrics need the METRICS_TOKEN as a bearer token (Authorization: Bearer …).'
                : 'Metrics are only served to this machine. Set METRICS_TOKEN to let a scraper elsewhere in.',
            },
          ],
        });
    }
    const body = await deps.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(deps.metrics.registry.contentType).send(body);
  });
}

function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (!match) return false;
  // Compare digests so neither the length nor the content leaks through timing.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
