import { describe, expect, it } from 'vitest';
import { dropReportingBreadcrumbs, IGNORED_ERRORS, isReportingRequest } from './sentry-options.ts';

const reporting = { dsn: 'https://public@o1.ingest.example.io/42', tunnel: '/monitoring' };

describe('reporter breadcrumbs', () => {
  it('recognises requests to the ingest endpoint and the tunnel', () => {
    expect(
      isReportingRequest('https://o1.ingest.example.io/api/42/envelope/?sentry_key=public', reporting),
    ).toBe(true);
    expect(isReportingRequest('/monitoring', reporting)).toBe(true);
    expect(isReportingRequest('/monitoring?o=1', reporting)).toBe(true);
    expect(isReportingRequest(`${window.location.origin}/monitoring`, reporting)).toBe(true);
    expect(isReportingRequest('/api/v1/pad/', reporting)).toBe(false);
    expect(isReportingRequest(undefined, reporting)).toBe(false);
  });

  it('drops fetch and xhr breadcrumbs of the reporter, keeps everything else', () => {
    const own = { category: 'fetch', data: { url: 'https://o1.ingest.example.io/api/42/envelope/' } };
    const tunnel = { category: 'xhr', data: { url: '/monitoring' } };
    const app = { category: 'fetch', data: { url: '/api/v1/stats/' } };
    const click = { category: 'ui.click', message: 'button' };
    expect(dropReportingBreadcrumbs(own, reporting)).toBeNull();
    expect(dropReportingBreadcrumbs(tunnel, reporting)).toBeNull();
    expect(dropReportingBreadcrumbs(app, reporting)).toBe(app);
    expect(dropReportingBreadcrumbs(click, reporting)).toBe(click);
  });

  it('ignores generic cross-origin and ResizeObserver noise', () => {
    const ignored = (message: string) =>
      IGNORED_ERRORS.some((pattern) =>
        typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message),
      );
    expect(ignored('Script error.')).toBe(true);
    expect(ignored('ResizeObserver loop limit exceeded')).toBe(true);
    expect(ignored('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(ignored('Pad not found.')).toBe(false);
  });
});
