/**
 * Issue 9, finding 10 (two items): pages may connect only to our own origin and to the
 * origins the web build names (never to any https host), and URLs the router or Node's
 * parser refuse before any hook runs (ids past the router's length, broken escapes, URLs
 * over 16 KB) still answer in the APIs' error shape with the API's headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorResponseSchema } from '@voxpad/shared/api-errors';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

function connectSrc(csp: string | null): string | undefined {
  return csp
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('connect-src '));
}

describe('content security policy of pages', () => {
  it('lets scripts connect to our own origin alone, not to any https host', async () => {
    const res = await fetch(`${server.baseUrl}/`);
    expect(connectSrc(res.headers.get('content-security-policy'))).toBe("connect-src 'self'");
  });

  it("adds the origins of the web build's error reporting and API, and no others", async () => {
    const configured = await startTestApp({
      VITE_SENTRY_DSN: 'https://publickey@o42.ingest.example.io/7',
      VITE_SENTRY_TUNNEL: '/errors/tunnel',
      VITE_API_URL: 'https://api.example.org/',
    });
    try {
      const res = await fetch(`${configured.baseUrl}/`);
      expect(connectSrc(res.headers.get('content-security-policy'))).toBe(
        "connect-src 'self' https://o42.ingest.example.io https://api.example.org",
      );
    } finally {
      await configured.close();
    }
  });
});

describe('addresses refused before any route runs', () => {
  const longId = 'a'.repeat(150);

  async function expectApiError(path: string, status: number, code: string, requestId: string) {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { 'x-request-id': requestId } });
    const body: unknown = await res.json();
    expect(res.status).toBe(status);
    expect(apiErrorResponseSchema.parse(body)).toMatchObject({ status, errors: [{ code }] });
    expect(JSON.stringify(body)).not.toContain(longId);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    return body as { errors: { message: string }[] };
  }

  it('an id longer than any id answers 414 in the product API shape', async () => {
    const body = await expectApiError(`/api/v1/pad/${longId}/`, 414, 'too_long', 'long-id-1');
    expect(body.errors[0]!.message).toMatch(/too long/);
    await expectApiError(`/api/v1/pad/p1/voicenote/${longId}/events/`, 414, 'too_long', 'long-id-2');
  });

  it("the same in allauth's shape under /_headless/", async () => {
    const res = await expectApiError(
      `/_headless/browser/v1/auth/provider/callback/${longId}`,
      414,
      'too_long',
      'long-id-3',
    );
    // allauth's error envelope: status, and errors with message and code (param optional).
    expect(Object.keys(res).sort()).toEqual(['errors', 'status']);
  });

  it('a broken %-escape answers 400 in the product API shape', async () => {
    await expectApiError('/api/v1/pad/%zz/', 400, 'invalid', 'bad-escape-1');
  });

  it("a URL over Node's 16 KB header limit answers 431 in the product API shape", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/pad/?cursor=${'b'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(apiErrorResponseSchema.parse(await res.json())).toMatchObject({
      status: 431,
      errors: [{ code: 'too_long' }],
    });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
