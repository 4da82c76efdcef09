import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, browser } from '../support/accounts.ts';
import type { TestClient, TestResponse } from '../support/http-client.ts';
import { passThroughIdp, startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import type { TestApp } from '../support/test-app.ts';
import { startAppWithProvider } from '../support/app-with-provider.ts';

/**
 * Issue 9, finding 4: a social login's `callback_url` is where the browser lands afterwards,
 * so anything that a browser could resolve to another site is an open redirect. `/.//evil`
 * used to pass: URL normalisation turned it into `//evil`, which browsers read as a host.
 */
let idp: TestIdp;
let app: TestApp;

beforeAll(async () => {
  idp = await startTestIdp([{ id: 'walker', email: 'walker@example.org', email_verified: true }]);
  app = await startAppWithProvider(idp);
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

/** The web app's form POST that starts the flow. */
async function startRedirect(
  client: TestClient,
  callbackUrl: string,
  provider = 'localid',
): Promise<TestResponse> {
  const form = new URLSearchParams({
    provider,
    process: 'login',
    callback_url: callbackUrl,
    csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '',
  });
  client.sendCsrf = false;
  try {
    return await client.request('POST', `${AUTH}/auth/provider/redirect`, {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
  } finally {
    client.sendCsrf = true;
  }
}

function hostileCallbacks(): string[] {
  const base = app.baseUrl;
  return [
    // Dot segments and empty segments that normalise to a second leading slash.
    '/.//evil.example',
    '/.//evil.example/auth/social/callback',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/../..//evil.example',
    '/././/evil.example',
    // Network-path references, with slashes and backslashes in every mix.
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    // Control characters and spaces that URL parsers strip before reading the path.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' //evil.example',
    '/\x00/evil.example',
    // Encoded forms that a later decoding step would turn into the above.
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5C%5Cevil.example',
    '/%5c/evil.example',
    '/%252F%252Fevil.example',
    '/%2e/%2e//evil.example',
    '/%2E%2E/%2F/evil.example',
    '/%09/evil.example',
    '/auth/social/callback%zz',
    '/auth/social/callback?x=%0D%0ALocation:%20//evil.example',
    // Look-alike slashes outside ASCII.
    '/\uff0f\uff0fevil.example',
    '/\u2215\u2215evil.example',
    // Absolute URLs: other sites, other schemes, and our origin as a prefix of another.
    'https://evil.example/auth/social/callback',
    'http://evil.example',
    'http:/evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `${base}@evil.example/`,
    `${base}.evil.example/`,
    `${base}\\@evil.example/`,
    `${base}/.//evil.example`,
    `${base}//evil.example`,
    `${base.toUpperCase()}/auth/social/callback/..//evil.example`,
    '',
    'auth/social/callback',
  ];
}

describe('callback_url of a social login', () => {
  it('is refused with a 400, and no redirect, for every value a browser could take off-site', async () => {
    const client = await browser(app);
    for (const callbackUrl of hostileCallbacks()) {
      const res = await startRedirect(client, callbackUrl);
      expect(res.status, JSON.stringify(callbackUrl)).toBe(400);
      expect(res.headers.get('location'), JSON.stringify(callbackUrl)).toBeNull();
      expect(res.body).toMatchObject({ status: 400, errors: [{ param: 'callback_url', code: 'invalid' }] });
    }
  });

  it('accepts a path or an absolute URL on this site, and sends errors back there', async () => {
    const client = await browser(app);
    for (const [callbackUrl, path] of [
      ['/auth/social/callback', '/auth/social/callback'],
      ['/auth/social/callback?next=%2Fpad%2F1', '/auth/social/callback?next=%2Fpad%2F1'],
      [`${app.baseUrl}/auth/social/callback#ignored`, '/auth/social/callback'],
    ] as const) {
      const res = await startRedirect(client, callbackUrl, 'nope');
      expect(res.status, callbackUrl).toBe(302);
      const location = new URL(res.headers.get('location')!, app.baseUrl);
      expect(`${location.origin}${location.pathname}`).toBe(`${app.baseUrl}${path.split('?')[0]}`);
      expect(location.searchParams.get('error')).toBe('unknown_provider');
    }
  });

  it('brings the browser back to that path after a real round trip through the provider', async () => {
    const client = await browser(app);
    const start = await startRedirect(client, '/auth/social/callback?next=%2Fpad%2F1');
    expect(start.status).toBe(302);
    const callback = await passThroughIdp(start.headers.get('location')!, app.baseUrl, { account: 'walker' });
    const res = await client.get(`${callback.pathname}${callback.search}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/social/callback?next=%2Fpad%2F1');
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
  });
});
