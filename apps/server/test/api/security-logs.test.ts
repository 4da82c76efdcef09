import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, browser } from '../support/accounts.ts';
import type { TestClient } from '../support/http-client.ts';
import { passThroughIdp, startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 9, finding 10: Fastify logs every request's URL, and the provider's callback carries
 * the OAuth `code` and `state` in its query; the web app's verification and reset pages carry
 * their key in the path. Whoever reads the logs must not be able to use any of them.
 */
let idp: TestIdp;
let app: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  idp = await startTestIdp([{ id: 'logger', email: 'logger@example.org', email_verified: true }]);
  app = await startTestApp(
    {
      LOG_LEVEL: 'info',
      SOCIAL_PROVIDERS: JSON.stringify([
        { id: 'localid', name: 'Local ID', issuer: idp.issuer, client_id: 'voxpad', client_secret: 's' },
      ]),
    },
    { logStream: { write: (line: string) => void logged.push(line) } },
  );
  idp.addClient({
    client_id: 'voxpad',
    client_secret: 's',
    redirect_uris: [`${app.baseUrl}${AUTH}/auth/provider/callback/localid`],
  });
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

async function callbackFromProvider(client: TestClient): Promise<URL> {
  const form = new URLSearchParams({
    provider: 'localid',
    process: 'login',
    callback_url: '/auth/social/callback',
    csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '',
  });
  client.sendCsrf = false;
  const start = await client.request('POST', `${AUTH}/auth/provider/redirect`, {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  client.sendCsrf = true;
  expect(start.status).toBe(302);
  return passThroughIdp(start.headers.get('location')!, app.baseUrl, { account: 'logger' });
}

/** Everything logged once the requests so far have finished (their last line comes after the response). */
async function logText(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return logged.join('');
}

describe('request logs', () => {
  it('never contain the OAuth code or state, on success, replay or a forged code', async () => {
    const client = await browser(app);
    const callback = await callbackFromProvider(client);
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    expect(code.length).toBeGreaterThan(10);
    const landed = await client.get(`${callback.pathname}${callback.search}`);
    expect(landed.headers.get('location')).toBe('/auth/social/callback');
    // Replayed: the state is spent, and this request is logged too.
    await client.get(`${callback.pathname}${callback.search}`);

    const other = await browser(app);
    const second = await callbackFromProvider(other);
    const forged = new URL(second);
    forged.searchParams.set('code', `${second.searchParams.get('code')!}forged`);
    const failed = await other.get(`${forged.pathname}${forged.search}`);
    expect(failed.headers.get('location')).toBe('/auth/social/callback?error=provider_error');

    const text = await logText();
    // The callbacks were logged, so the check below looks at real log lines.
    expect(text).toContain(`${AUTH}/auth/provider/callback/localid`);
    expect(text).toContain('social login failed at the provider');
    for (const secret of [code, state, second.searchParams.get('code')!, second.searchParams.get('state')!]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
    expect(text).toContain(`${AUTH}/auth/provider/callback/localid?[redacted]`);
  });

  it('never contain the key of a verification or password reset page', async () => {
    const client = await browser(app);
    const key = 'Zm9yZ2V0LW1lLW5vdC1rZXktMTIzNDU2Nzg5MDEy';
    await client.get(`/auth/verify/${key}`);
    await client.get(`/auth/password/confirm/${key}?from=mail`);
    const text = await logText();
    expect(text).toContain('/auth/verify/');
    expect(text).not.toContain(key);
    expect(text).toContain('/auth/verify/[redacted]');
    expect(text).toContain('/auth/password/confirm/[redacted]?from=mail');
  });
});
