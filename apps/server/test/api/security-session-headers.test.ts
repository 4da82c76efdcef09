import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, browser, verifiedAccount } from '../support/accounts.ts';
import { TestClient, type TestResponse } from '../support/http-client.ts';
import { startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 9, finding 10: answers that carry session state must not be cached, and cookies must be
 * Secure (with HSTS) whenever the browser reached us over HTTPS, even without an https PUBLIC_URL.
 */
let idp: TestIdp;
let proxied: TestApp;
let direct: TestApp;

beforeAll(async () => {
  idp = await startTestIdp();
  const social = {
    SOCIAL_PROVIDERS: JSON.stringify([
      { id: 'localid', name: 'Local ID', issuer: idp.issuer, client_id: 'voxpad', client_secret: 's' },
    ]),
  };
  proxied = await startTestApp({ ...social, TRUST_PROXY: 'true' });
  direct = await startTestApp(social);
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
  await idp?.close();
});

/** A browser whose requests reach the app through a TLS-terminating proxy (or claim to). */
function httpsBrowser(app: TestApp): TestClient {
  const client = new TestClient(app.baseUrl);
  client.defaultHeaders['x-forwarded-proto'] = 'https';
  return client;
}

function cookie(res: TestResponse, name: string): string {
  const found = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${res.headers.getSetCookie().join(' | ')}`);
  return found;
}

const isSecure = (setCookie: string) => setCookie.split(';').some((a) => a.trim().toLowerCase() === 'secure');

async function logIn(client: TestClient, username: string, password: string) {
  await client.prime();
  const res = await client.post(`${AUTH}/auth/login`, { username, password });
  expect(res.status).toBe(200);
  return res;
}

function startSocialLogin(client: TestClient) {
  const form = new URLSearchParams({
    provider: 'localid',
    process: 'login',
    callback_url: '/auth/social/callback',
    csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '',
  });
  client.sendCsrf = false;
  return client
    .request('POST', `${AUTH}/auth/provider/redirect`, {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    .finally(() => (client.sendCsrf = true));
}

describe('auth API answers', () => {
  it('say Cache-Control: no-store, signed in or not, on success and on error', async () => {
    const { client, username, password } = await verifiedAccount(direct);
    const anonymous = await browser(direct);
    const answers = [
      await anonymous.get(`${AUTH}/config`),
      await anonymous.get(`${AUTH}/auth/session`),
      await anonymous.post(`${AUTH}/auth/login`, { username, password: 'wrong' }),
      await anonymous.get(`${AUTH}/no/such/endpoint`),
      await client.get(`${AUTH}/auth/session`),
      await client.delete(`${AUTH}/auth/session`),
      await logIn(new TestClient(direct.baseUrl), username, password),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 400, 404, 200, 401, 200]);
    for (const res of answers) expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('cookies and HSTS over HTTPS without an https PUBLIC_URL', () => {
  it('are Secure and pinned when a trusted proxy says the browser came over HTTPS', async () => {
    const { username, password } = await verifiedAccount(proxied);
    const client = httpsBrowser(proxied);
    const config = await client.get(`${AUTH}/config`);
    expect(isSecure(cookie(config, 'csrftoken'))).toBe(true);
    expect(config.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect((await client.get('/')).headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);

    const login = await logIn(client, username, password);
    expect(isSecure(cookie(login, 'sessionid'))).toBe(true);
    const logout = await client.delete(`${AUTH}/auth/session`);
    expect(isSecure(cookie(logout, 'sessionid'))).toBe(true);

    const social = await startSocialLogin(client);
    expect(social.status).toBe(302);
    expect(isSecure(cookie(social, 'social_login'))).toBe(true);
  });

  it('are neither over plain HTTP, nor when an untrusted client only claims HTTPS', async () => {
    for (const app of [proxied, direct]) {
      const { username, password } = await verifiedAccount(app);
      const client = app === proxied ? new TestClient(app.baseUrl) : httpsBrowser(app);
      const config = await client.get(`${AUTH}/config`);
      expect(isSecure(cookie(config, 'csrftoken'))).toBe(false);
      expect(config.headers.get('strict-transport-security')).toBeNull();
      expect(isSecure(cookie(await logIn(client, username, password), 'sessionid'))).toBe(false);
      expect(isSecure(cookie(await startSocialLogin(client), 'social_login'))).toBe(false);
    }
  });
});
