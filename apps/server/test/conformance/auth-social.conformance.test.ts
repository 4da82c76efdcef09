import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, newPerson } from '../support/accounts.ts';
import { TestClient } from '../support/http-client.ts';
import { passThroughIdp, startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { ConformanceClient } from './conformance-client.ts';
import { assertConforms, observed } from './openapi-contract.ts';
import { startAppWithProvider } from '../support/app-with-provider.ts';

/**
 * The social login answers checked against allauth's OpenAPI document: config with its
 * providers, the 401 flows (provider_redirect, pending provider_signup) and auth/provider/signup.
 * The form POST and the provider callback are browser navigations (302s, no JSON body); the
 * spec documents the redirect's 302 and nothing else, which is checked here too.
 */
let app: TestApp;
let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp([
    { id: 'no-email', preferred_username: 'noemail' },
    { id: 'verified', email: 'verified-social@example.org', email_verified: true },
  ]);
  app = await startAppWithProvider(idp);
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

async function browser() {
  const client = new ConformanceClient(app.baseUrl);
  await client.prime();
  return client;
}

/**
 * Runs the browser through the provider as `account`: the redirect (a form POST answered 302)
 * is checked against the spec; the provider and callback hops are plain navigations.
 */
async function viaProvider(client: ConformanceClient, account: string) {
  const plain = (method: string, path: string, options: Parameters<TestClient['request']>[2]) =>
    TestClient.prototype.request.call(client, method, path, options);
  const form = new URLSearchParams({
    provider: 'localid',
    process: 'login',
    callback_url: '/auth/social/callback',
    csrfmiddlewaretoken: client.cookies.get('csrftoken')!,
  });
  client.sendCsrf = false;
  const start = await client.request('POST', `${AUTH}/auth/provider/redirect`, {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  client.sendCsrf = true;
  expect(start.status).toBe(302);
  // The spec's only documented answer for the redirect: 302 with a location.
  expect(start.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\?/);
  const callback = await passThroughIdp(start.headers.get('location')!, app.baseUrl, { account });
  const back = await plain('GET', `${callback.pathname}${callback.search}`, {});
  expect(back.headers.get('location')).toBe('/auth/social/callback');
}

describe('social login, against the OpenAPI document', () => {
  it('config lists the provider; the anonymous session offers provider_redirect', async () => {
    const client = await browser();
    const config = await client.get(`${AUTH}/config`);
    expect(config.status).toBe(200);
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(401);
  });

  it('pending provider_signup: session 401, signup GET 200, POST 400 then 401 verify_email', async () => {
    const client = await browser();
    await viaProvider(client, 'no-email');
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(401);
    expect((await client.get(`${AUTH}/auth/provider/signup`)).status).toBe(200);
    expect((await client.post(`${AUTH}/auth/provider/signup`, { email: 'nope' })).status).toBe(400);
    const person = newPerson('confsocial');
    expect((await client.post(`${AUTH}/auth/provider/signup`, { email: person.email })).status).toBe(401);
    // Now pending verify_email, so the provider signup flow is over.
    expect((await client.get(`${AUTH}/auth/provider/signup`)).status).toBe(409);
    expect((await client.post(`${AUTH}/auth/provider/signup`, { email: person.email })).status).toBe(409);
  });

  it('a verified email logs straight in: session 200', async () => {
    const client = await browser();
    await viaProvider(client, 'verified');
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
  });

  it('409 from provider signup without a pending flow, signup closed', async () => {
    const closed = await startTestApp({
      SIGNUP_OPEN: 'false',
      SOCIAL_PROVIDERS: JSON.stringify([
        { id: 'localid', name: 'Local ID', issuer: idp.issuer, client_id: 'voxpad', client_secret: 's3cret' },
      ]),
    });
    try {
      const client = new ConformanceClient(closed.baseUrl);
      await client.prime();
      // No flow pending: 409, whatever the signup setting.
      expect((await client.post(`${AUTH}/auth/provider/signup`, { email: 'a@example.org' })).status).toBe(
        409,
      );
    } finally {
      await closed.close();
    }
  });

  it('covered each answer', () => {
    const seen = new Set(observed.map((o) => `${o.operation} ${o.status}`));
    for (const expected of [
      'GET /_allauth/{client}/v1/config 200',
      'POST /_allauth/browser/v1/auth/provider/redirect 302',
      'GET /_allauth/{client}/v1/auth/session 401',
      'GET /_allauth/{client}/v1/auth/session 200',
      'GET /_allauth/{client}/v1/auth/provider/signup 200',
      'GET /_allauth/{client}/v1/auth/provider/signup 409',
      'POST /_allauth/{client}/v1/auth/provider/signup 400',
      'POST /_allauth/{client}/v1/auth/provider/signup 401',
      'POST /_allauth/{client}/v1/auth/provider/signup 409',
    ]) {
      expect(seen, expected).toContain(expected);
    }
    // The validator really knows these operations (a wrong body is refused).
    expect(() =>
      assertConforms('GET', `${AUTH}/auth/provider/signup`, 200, 'application/json', {
        status: 200,
        data: {},
      }),
    ).toThrow(/does not allow/);
    // A redirect without its documented location header is refused too.
    expect(() =>
      assertConforms('POST', `${AUTH}/auth/provider/redirect`, 302, '', undefined, new Headers()),
    ).toThrow(/without the header\(s\) location/);
  });
});
