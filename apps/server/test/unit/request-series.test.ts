import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestSeries } from '../../src/metrics/request-timing.ts';

function histogram(registry: Registry) {
  return new Histogram({
    name: 'voxpad_http_request_duration_seconds',
    help: 'test',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.1, 1],
    registers: [registry],
  });
}

const answers: [string, string, number, number][] = [
  ['GET', '/api/v1/pad/', 200, 0.003],
  ['GET', '/api/v1/pad/', 200, 0.02],
  ['GET', '/api/v1/pad/', 304, 0.001],
  ['POST', '/api/v1/pad/', 201, 0.2],
  ['GET', '/api/v1/pad/:padId/', 404, 0.004],
  ['GET', '/api/v1/pad/', 500, 2],
  ['GET', 'unmatched', 404, 0.007],
];

describe('RequestSeries', () => {
  it('scrapes exactly as observing with a labels object each time', async () => {
    const direct = new Registry();
    const plain = histogram(direct);
    for (const [method, route, status, seconds] of answers) {
      plain.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds);
    }
    const cached = new Registry();
    const series = new RequestSeries(histogram(cached));
    for (const [method, route, status, seconds] of answers) series.observe(method, route, status, seconds);
    const text = await cached.metrics();
    expect(text).toBe(await direct.metrics());
    expect(text).toContain(
      'voxpad_http_request_duration_seconds_count{method="GET",route="/api/v1/pad/",status="2xx"} 2',
    );
  });

  it('keeps counting into the same series after the histogram is reset', async () => {
    const registry = new Registry();
    const h = histogram(registry);
    const series = new RequestSeries(h);
    series.observe('GET', '/healthz', 200, 0.001);
    h.reset();
    series.observe('GET', '/healthz', 200, 0.001);
    expect(await registry.metrics()).toContain(
      'voxpad_http_request_duration_seconds_count{method="GET",route="/healthz",status="2xx"} 1',
    );
  });
});
