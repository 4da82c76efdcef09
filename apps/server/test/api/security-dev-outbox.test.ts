import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 9, finding 7: the dev outbox holds every mailed link and code. Behind a reverse proxy
 * on the same machine each connection comes from loopback, so it answered anyone on the
 * internet when TRUST_PROXY was off. Only a direct local client with no sign of a proxy may read it.
 */
const OUTBOX = '/api/v1/dev/outbox/';
const FORWARDED: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.9' },
  { 'x-forwarded-for': '127.0.0.1' },
  { 'x-forwarded-host': 'localhost' },
  { 'x-forwarded-proto': 'http' },
  { 'x-forwarded-port': '80' },
  { forwarded: 'for=127.0.0.1;proto=http' },
  { 'x-real-ip': '127.0.0.1' },
  { via: '1.1 localhost (nginx)' },
];

let direct: TestApp;
let trusting: TestApp;
beforeAll(async () => {
  direct = await startTestApp({ SMTP_URL: '' });
  trusting = await startTestApp({ SMTP_URL: '', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await direct?.close();
  await trusting?.close();
});

describe.each([
  ['TRUST_PROXY off', () => direct],
  ['TRUST_PROXY on', () => trusting],
])('the dev outbox with %s', (_name, app) => {
  it('answers a client on this machine that talks to it directly', async () => {
    const res = await new TestClient(app().baseUrl).get(OUTBOX);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404, in the API error shape, to any request a proxy passed on', async () => {
    for (const headers of FORWARDED) {
      const res = await new TestClient(app().baseUrl).get(OUTBOX, headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.body).toMatchObject({ status: 404, errors: [{ code: expect.any(String) }] });
    }
  });
});
