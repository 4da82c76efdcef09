import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/**
 * Times every answer by its route pattern (`/api/v1/pad/:padId/`), never the raw URL, so
 * ids do not explode the label set; requests that matched no route count as "unmatched".
 */
export function registerRequestTiming(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      metrics.requestDuration.observe(
        { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
}
