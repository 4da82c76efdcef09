import type { FastifyInstance } from 'fastify';
import type { Histogram } from 'prom-client';
import type { Metrics } from './metrics.ts';

type RequestHistogram = Histogram<'method' | 'route' | 'status'>;
type Observe = (seconds: number) => void;

/**
 * The histogram's series for each route, method and status class, looked up once each: an
 * observation through prom-client's labels object sorted and joined the label values on every
 * request. A series made here is the one `observe(labels, value)` would use (prom-client keys
 * series by their label values), so scrapes read the same.
 */
export class RequestSeries {
  readonly #byRoute = new Map<string, Map<string, Observe[]>>();

  constructor(private readonly histogram: RequestHistogram) {}

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.#byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.#byRoute.set(route, byMethod);
    }
    let byClass = byMethod.get(method);
    if (!byClass) {
      byClass = [];
      byMethod.set(method, byClass);
    }
    const statusClass = Math.floor(statusCode / 100);
    let series = byClass[statusClass];
    if (!series) {
      const child = this.histogram.labels({ method, route, status: `${statusClass}xx` });
      series = (value) => child.observe(value);
      byClass[statusClass] = series;
    }
    series(seconds);
  }
}

/**
 * Times every answer by its route pattern (`/api/v1/pad/:padId/`), never the raw URL, so
 * ids do not explode the label set; requests that matched no route count as "unmatched".
 */
export function registerRequestTiming(app: FastifyInstance, metrics: Metrics) {
  const series = new RequestSeries(metrics.requestDuration);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      series.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}
