import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, newPerson } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import { PROVIDER, startAppWithProvider } from '../support/app-with-provider.ts';
import { TestClient } from '../support/http-client.ts';
import { tokensFromIdp } from '../support/id-tokens.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import { passThroughIdp, startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { ConformanceClient } from './conformance-client.ts';
import { assertConforms, observed } from './openapi-contract.ts';

/**
 * Connected accounts, the provider token flow and the phone paths, every answer validated
 * against allauth's OpenAPI document, with the loopback OpenID provider.
 */
let app: TestApp;
let idp: TestIdp;
let n = 0;

beforeAll(async () => {
  idp = await startTestIdp();
  app = await startAppWithProvider(idp);
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

const PROVIDERS = `${AUTH}/account/providers`;
const TOKEN = `${AUTH}/auth/provider/token`;

async function browser() {
  const client = new ConformanceClient(app.baseUrl);
  await client.prime();
  return client;
}

function idpUser(extra: { email?: string; email_verified?: boolean } = {}) {
  const id = `confprov-${Date.now().toString(36)}-${n++}`;
  idp.addUser({ id, preferred_username: id.replaceAll('-', '_'), name: 'Conf Person', ...extra });
  return id;
}

/** A signed-up, confirmed, logged-in person (email and password). */
async function account() {
  const { email, password } = newPerson('confprov');
  const client = await browser();
  expect((await client.post(`${AUTH}/auth/signup`, { email, password })).status).toBe(401);
  const key = verificationKeyIn(await app.mailbox.waitFor(email, { subject: /Confirm/ }));
  expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
  return { client, email, password };
}

/** Connects `uid` through the redirect flow; those requests are browser navigations (302s). */
async function connect(client: ConformanceClient, uid: string) {
  const plain = (method: string, path: string, options: Parameters<TestClient['request']>[2]) =>
    TestClient.prototype.request.call(client, method, path, options);
  client.sendCsrf = false;
  const start = await client.request('POST', `${AUTH}/auth/provider/redirect`, {
    body: new URLSearchParams({
      provider: PROVIDER.id,
      process: 'connect',
      callback_url: '/account/connections',
      csrfmiddlewaretoken: client.cookies.get('csrftoken')!,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  client.sendCsrf = true;
  expect(start.status).toBe(302);
  const callback = await passThroughIdp(start.headers.get('location')!, app.baseUrl, { account: uid });
  const back = await plain('GET', `${callback.pathname}${callback.search}`, {});
  expect(back.headers.get('location')).toBe('/account/connections');
}

describe('account/providers, against the OpenAPI document', () => {
  it('GET 200 and 401', async () => {
    const { client } = await account();
    expect((await client.get(PROVIDERS)).status).toBe(200);
    expect((await (await browser()).get(PROVIDERS)).status).toBe(401);
  });

  it('DELETE 200, 400 (the only way in), 401 (reauthenticate)', async () => {
    const { client } = await account();
    const first = idpUser();
    const second = idpUser();
    await connect(client, first);
    await connect(client, second);
    expect((await client.get(PROVIDERS)).status).toBe(200);
    expect(
      (await client.request('DELETE', PROVIDERS, { json: { provider: PROVIDER.id, account: 'nobody' } }))
        .status,
    ).toBe(400);
    expect(
      (await client.request('DELETE', PROVIDERS, { json: { provider: PROVIDER.id, account: first } })).status,
    ).toBe(200);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    expect(
      (await client.request('DELETE', PROVIDERS, { json: { provider: PROVIDER.id, account: second } }))
        .status,
    ).toBe(401);
    expect((await (await browser()).request('DELETE', PROVIDERS, { json: {} })).status).toBe(401);
  });

  it('DELETE 400 with allauth’s no_password answer', async () => {
    const uid = idpUser({
      email: `confprov-${n}-${Date.now().toString(36)}@example.org`,
      email_verified: true,
    });
    const { idToken, accessToken } = await tokensFromIdp(idp, app.baseUrl, uid, { nonce: 'conf-nonce' });
    const client = await browser();
    const login = await client.post(TOKEN, {
      provider: PROVIDER.id,
      process: 'login',
      token: { client_id: PROVIDER.clientId, id_token: idToken, access_token: accessToken },
    });
    expect(login.status).toBe(200);
    const refused = await client.request('DELETE', PROVIDERS, {
      json: { provider: PROVIDER.id, account: uid },
    });
    expect(refused.body).toMatchObject({ errors: [{ code: 'no_password', param: 'account' }] });
  });
});

describe('auth/provider/token, against the OpenAPI document', () => {
  it('200 logged in, 401 pending provider signup, 400 invalid token, 403 signup closed elsewhere', async () => {
    const uid = idpUser({ email: `conftoken-${Date.now().toString(36)}@example.org`, email_verified: true });
    const issued = await tokensFromIdp(idp, app.baseUrl, uid, { nonce: 'conf-nonce-2' });
    const token = { client_id: PROVIDER.clientId, id_token: issued.idToken };
    expect(
      (await (await browser()).post(TOKEN, { provider: PROVIDER.id, process: 'login', token })).status,
    ).toBe(401);
    expect(
      (
        await (
          await browser()
        ).post(TOKEN, {
          provider: PROVIDER.id,
          process: 'login',
          token: { ...token, access_token: issued.accessToken },
        })
      ).status,
    ).toBe(200);
    const forged = { client_id: PROVIDER.clientId, id_token: `${issued.idToken.slice(0, -4)}AAAA` };
    expect(
      (await (await browser()).post(TOKEN, { provider: PROVIDER.id, process: 'login', token: forged }))
        .status,
    ).toBe(400);
  });

  it('403 when signup is closed and the provider account is new', async () => {
    // The provider is already serving: this app is configured for it, not registered with it
    // (handing over a token never goes through the provider).
    const closed = await startTestApp({
      SIGNUP_OPEN: 'false',
      SOCIAL_PROVIDERS: JSON.stringify([
        {
          id: PROVIDER.id,
          name: 'Local ID',
          issuer: idp.issuer,
          client_id: PROVIDER.clientId,
          client_secret: PROVIDER.clientSecret,
        },
      ]),
    });
    try {
      const client = new ConformanceClient(closed.baseUrl);
      await client.prime();
      const uid = idpUser();
      const now = Math.floor(Date.now() / 1000);
      const idToken = idp.signIdToken({
        iss: idp.issuer,
        aud: PROVIDER.clientId,
        sub: uid,
        iat: now,
        exp: now + 300,
        nonce: 'closed-nonce',
      });
      const res = await client.post(TOKEN, {
        provider: PROVIDER.id,
        process: 'login',
        token: { client_id: PROVIDER.clientId, id_token: idToken },
      });
      expect(res.status).toBe(403);
    } finally {
      await closed.close();
    }
  });
});

describe('phone paths, against the OpenAPI document', () => {
  it('404 on each', async () => {
    const { client } = await account();
    expect((await client.post(`${AUTH}/auth/phone/verify`, { code: '123456' })).status).toBe(404);
    expect((await client.post(`${AUTH}/auth/phone/verify/resend`, {})).status).toBe(404);
    expect((await client.get(`${AUTH}/account/phone`)).status).toBe(404);
    expect((await client.post(`${AUTH}/account/phone`, { phone: '+15555550100' })).status).toBe(404);
  });
});

describe('coverage', () => {
  it('covered each answer', () => {
    const seen = new Set(observed.map((o) => `${o.operation} ${o.status}`));
    for (const expected of [
      'GET /_allauth/{client}/v1/account/providers 200',
      'GET /_allauth/{client}/v1/account/providers 401',
      'DELETE /_allauth/{client}/v1/account/providers 200',
      'DELETE /_allauth/{client}/v1/account/providers 400',
      'DELETE /_allauth/{client}/v1/account/providers 401',
      'POST /_allauth/{client}/v1/auth/provider/token 200',
      'POST /_allauth/{client}/v1/auth/provider/token 400',
      'POST /_allauth/{client}/v1/auth/provider/token 401',
      'POST /_allauth/{client}/v1/auth/provider/token 403',
      'POST /_allauth/{client}/v1/auth/phone/verify 404',
      'POST /_allauth/{client}/v1/auth/phone/verify/resend 404',
      'GET /_allauth/{client}/v1/account/phone 404',
      'POST /_allauth/{client}/v1/account/phone 404',
    ]) {
      expect(seen, expected).toContain(expected);
    }
    // The validator really knows the provider accounts' shape (a provider without flows is refused).
    expect(() =>
      assertConforms('GET', PROVIDERS, 200, 'application/json', {
        status: 200,
        data: [{ uid: 'x', display: 'x', provider: { id: 'x', name: 'x' } }],
      }),
    ).toThrow(/does not allow/);
  });
});
