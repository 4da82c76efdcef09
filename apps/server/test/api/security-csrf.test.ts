import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCsrfToken } from '../../src/http/session-csrf-tokens.ts';
import { AUTH, browser, newPerson, verifiedAccount } from '../support/accounts.ts';
import { TestClient, type TestResponse } from '../support/http-client.ts';
import { loginCodeIn, resetKeyIn, verificationKeyIn } from '../support/mailbox.ts';
import { passThroughIdp, startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import type { TestApp } from '../support/test-app.ts';
import { startAppWithProvider } from '../support/app-with-provider.ts';

/**
 * Issue 9, finding 6: the csrftoken was never rotated and any well-formed value the browser
 * echoed was accepted, session or not. Now every session start and end sends a new token, and
 * with a session cookie only the token bound to that session passes.
 */
let app: TestApp;
let idp: TestIdp;
let n = 0;

beforeAll(async () => {
  idp = await startTestIdp();
  app = await startAppWithProvider(idp, {
    ACCOUNT_LOGIN_ON_PASSWORD_RESET: 'true',
  });
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

const csrfOf = (client: TestClient) => client.cookies.get('csrftoken');

/** A product call that needs a session and the CSRF check, with a chosen token in cookie and header. */
function createPad(client: TestClient, token = csrfOf(client)!): Promise<TestResponse> {
  const cookies = new Map(client.cookies).set('csrftoken', token);
  return fetch(`${app.baseUrl}/api/v1/pad/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': token,
    },
    body: JSON.stringify({ name: `pad ${n++}` }),
  }).then(async (res) => ({ status: res.status, headers: res.headers, body: null, text: await res.text() }));
}

/** The browser holds a new token, the one bound to its new session; the old one no longer passes. */
async function expectRotatedAndBound(client: TestClient, before: string | undefined) {
  const after = csrfOf(client);
  expect(after).toBeDefined();
  expect(after).not.toBe(before);
  expect(after).toBe(sessionCsrfToken(client.cookies.get('sessionid')!));
  expect((await createPad(client, before)).status).toBe(403);
  expect((await createPad(client)).status).toBe(201);
}

/** The browser's form POST to a provider, with the csrftoken as a form field. */
function providerRedirect(client: TestClient, token: string, process = 'login') {
  const form = new URLSearchParams({
    provider: 'localid',
    process,
    callback_url: `${app.baseUrl}/auth/social/callback`,
    csrfmiddlewaretoken: token,
  });
  client.sendCsrf = false;
  return client
    .request('POST', `${AUTH}/auth/provider/redirect`, {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    })
    .finally(() => (client.sendCsrf = true));
}

describe('a new csrftoken at every login', () => {
  it('by password', async () => {
    const { username, password } = await verifiedAccount(app);
    const client = await browser(app);
    const before = csrfOf(client);
    expect((await client.post(`${AUTH}/auth/login`, { username, password })).status).toBe(200);
    await expectRotatedAndBound(client, before);
  });

  it('by signup, once the email address is confirmed', async () => {
    const person = newPerson();
    const client = await browser(app);
    const anonymous = csrfOf(client);
    expect((await client.post(`${AUTH}/auth/signup`, person)).status).toBe(401);
    // The pending signup is a session too.
    expect(csrfOf(client)).not.toBe(anonymous);
    expect(csrfOf(client)).toBe(sessionCsrfToken(client.cookies.get('sessionid')!));
    const key = verificationKeyIn(await app.mailbox.waitFor(person.email, { subject: /Confirm/ }));
    const before = csrfOf(client);
    expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
    await expectRotatedAndBound(client, before);
  });

  it('by a mailed code', async () => {
    const { email } = await verifiedAccount(app);
    const client = await browser(app);
    const mails = app.mailbox.for(email).length;
    expect((await client.post(`${AUTH}/auth/code/request`, { email })).status).toBe(401);
    const code = loginCodeIn(await app.mailbox.waitFor(email, { subject: /Sign-In Code/, after: mails }));
    const before = csrfOf(client);
    expect((await client.post(`${AUTH}/auth/code/confirm`, { code })).status).toBe(200);
    await expectRotatedAndBound(client, before);
  });

  it('by a password reset that logs in', async () => {
    const { email } = await verifiedAccount(app);
    const client = await browser(app);
    const mails = app.mailbox.for(email).length;
    expect((await client.post(`${AUTH}/auth/password/request`, { email })).status).toBe(200);
    const key = resetKeyIn(await app.mailbox.waitFor(email, { subject: /Password Reset/, after: mails }));
    const before = csrfOf(client);
    const reset = await client.post(`${AUTH}/auth/password/reset`, {
      key,
      password: 'another fine passphrase',
    });
    expect(reset.status).toBe(200);
    await expectRotatedAndBound(client, before);
  });

  it('by a social provider', async () => {
    const id = `csrf-idp-user-${Date.now().toString(36)}-${n++}`;
    idp.addUser({
      id,
      preferred_username: id.replaceAll('-', '_'),
      email: `${id}@example.org`,
      email_verified: true,
    });
    const client = await browser(app);
    const before = csrfOf(client)!;
    const start = await providerRedirect(client, before);
    expect(start.status).toBe(302);
    const callback = await passThroughIdp(start.headers.get('location')!, app.baseUrl, { account: id });
    expect((await client.get(`${callback.pathname}${callback.search}`)).status).toBe(302);
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
    await expectRotatedAndBound(client, before);
  });
});

describe('a new csrftoken at logout', () => {
  it('replaces the session-bound token with a fresh anonymous one', async () => {
    const { client } = await verifiedAccount(app);
    const bound = csrfOf(client)!;
    expect((await client.delete(`${AUTH}/auth/session`)).status).toBe(401);
    expect(client.cookies.has('sessionid')).toBe(false);
    const fresh = csrfOf(client);
    expect(fresh).toMatch(/^[A-Za-z0-9]{32,64}$/);
    expect(fresh).not.toBe(bound);
    // Anonymous again: plain double submit with the new token.
    const login = await client.post(`${AUTH}/auth/login`, { username: 'nobody-here', password: 'wrong' });
    expect(login.status).toBe(400);
  });
});

describe('the csrftoken is bound to the session', () => {
  it('refuses a token planted in the cookie, however well-formed, while a session is open', async () => {
    const { client } = await verifiedAccount(app);
    const planted = 'P'.repeat(64);
    const res = await createPad(client, planted);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toMatchObject({ status: 403, errors: [{ code: 'csrf_failed' }] });
    // The refusal hands the browser its real token again, so a retry (or a reload) recovers.
    const reissued = res.headers.getSetCookie().find((c) => c.startsWith('csrftoken='));
    expect(reissued).toContain(`csrftoken=${sessionCsrfToken(client.cookies.get('sessionid')!)};`);
  });

  it("refuses another session's token", async () => {
    const alice = await verifiedAccount(app);
    const mallory = await verifiedAccount(app);
    expect((await createPad(alice.client, csrfOf(mallory.client))).status).toBe(403);
    expect((await createPad(alice.client)).status).toBe(201);
  });

  it('checks the form field of the provider redirect against the session too', async () => {
    const { client } = await verifiedAccount(app);
    const planted = 'F'.repeat(64);
    client.cookies.set('csrftoken', planted);
    expect((await providerRedirect(client, planted, 'connect')).status).toBe(403);
    expect(
      (await providerRedirect(client, sessionCsrfToken(client.cookies.get('sessionid')!), 'connect')).status,
    ).toBe(302);
  });

  it('gives a session opened before tokens were bound its token on the next request', async () => {
    const { client } = await verifiedAccount(app);
    client.cookies.set('csrftoken', 'L'.repeat(32));
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
    expect(csrfOf(client)).toBe(sessionCsrfToken(client.cookies.get('sessionid')!));
    expect((await createPad(client)).status).toBe(201);
  });

  it('keeps plain double submit for requests without a session', async () => {
    const client = new TestClient(app.baseUrl);
    client.cookies.set('csrftoken', 'A'.repeat(32));
    const login = await client.post(`${AUTH}/auth/login`, { username: 'nobody-here', password: 'wrong' });
    expect(login.status).toBe(400);
    const mismatch = await client.request('POST', `${AUTH}/auth/login`, {
      json: { username: 'nobody-here', password: 'wrong' },
      headers: { 'x-csrftoken': 'B'.repeat(32) },
    });
    expect(mismatch.status).toBe(403);
  });
});
