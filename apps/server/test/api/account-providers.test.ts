import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableUrl } from '../../src/logger.ts';
import { AUTH, browser, errorsOf, pendingFlow, sessionIdOf, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import { PROVIDER, startAppWithProvider } from '../support/app-with-provider.ts';
import type { TestClient, TestResponse } from '../support/http-client.ts';
import { tokensFromIdp } from '../support/id-tokens.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import { passThroughIdp, startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Connected accounts (allauth's `account/providers`), connecting from a logged-in session, the
 * provider token flow with ID tokens from a real OpenID provider (oidc-provider on loopback),
 * the phone paths we do not serve, and confirming an added address in the logged-in browser.
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
const CONNECTIONS_PAGE = '/account/connections';

interface Listed {
  status: number;
  data: { uid: string; display: string; provider: { id: string; name: string; flows: string[] } }[];
}

function idpUser(extra: { email?: string; email_verified?: boolean } = {}) {
  const id = `conn-${Date.now().toString(36)}-${n++}`;
  idp.addUser({ id, preferred_username: id.replaceAll('-', '_'), name: `Person ${id}`, ...extra });
  return id;
}

/** The web app's form POST to start a provider redirect; the csrftoken travels as a form field. */
async function startRedirect(client: TestClient, process: 'login' | 'connect') {
  const form = new URLSearchParams({
    provider: PROVIDER.id,
    process,
    callback_url: CONNECTIONS_PAGE,
    csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '',
  });
  client.sendCsrf = false;
  try {
    return await client.request('POST', `${AUTH}/auth/provider/redirect`, {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  } finally {
    client.sendCsrf = true;
  }
}

/** The whole round trip through the provider as `account`; returns where the browser lands. */
async function viaProvider(client: TestClient, process: 'login' | 'connect', account: string) {
  const start = await startRedirect(client, process);
  expect(start.status).toBe(302);
  const location = start.headers.get('location')!;
  if (!location.startsWith(idp.issuer)) return new URL(location, app.baseUrl);
  const callback = await passThroughIdp(location, app.baseUrl, { account });
  const back = await client.get(`${callback.pathname}${callback.search}`);
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!, app.baseUrl);
}

/** A person who signed up through the provider (verified email, no password), logged in. */
async function socialOnlyAccount() {
  const id = idpUser({ email: `social-${Date.now().toString(36)}-${n}@example.org`, email_verified: true });
  const client = await browser(app);
  const landed = await viaProvider(client, 'login', id);
  expect(landed.searchParams.get('error')).toBeNull();
  expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
  return { client, id };
}

const list = (client: TestClient) => client.get(PROVIDERS) as Promise<TestResponse<Listed>>;
const disconnect = (client: TestClient, json: unknown) =>
  client.request<Listed>('DELETE', PROVIDERS, { json });

describe('account/providers', () => {
  it('lists the provider account a person signed up with', async () => {
    const { client, id } = await socialOnlyAccount();
    const listed = await list(client);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      status: 200,
      data: [
        {
          uid: id,
          display: `Person ${id}`,
          provider: {
            id: PROVIDER.id,
            name: 'Local ID',
            client_id: PROVIDER.clientId,
            flows: ['provider_redirect', 'provider_token'],
            openid_configuration_url: `${idp.issuer}/.well-known/openid-configuration`,
          },
        },
      ],
    });
  });

  it('answers 401 to a visitor, for the list and for a disconnect', async () => {
    const client = await browser(app);
    const listed = await list(client);
    expect(listed.status).toBe(401);
    expect(listed.body).toMatchObject({ meta: { is_authenticated: false } });
    expect((await disconnect(client, { provider: PROVIDER.id, account: 'x' })).status).toBe(401);
  });

  it('connects a provider account to the logged-in person, who can then log in with it', async () => {
    const person = await verifiedAccount(app);
    expect((await list(person.client)).body.data).toEqual([]);
    const id = idpUser();
    const landed = await viaProvider(person.client, 'connect', id);
    expect(landed.pathname).toBe(CONNECTIONS_PAGE);
    expect(landed.searchParams.get('error')).toBeNull();
    // Still the same person in the same session.
    const session = await person.client.get(`${AUTH}/auth/session`);
    expect(session.body).toMatchObject({ data: { user: { username: person.username } } });
    expect((await list(person.client)).body.data.map((a) => a.uid)).toEqual([id]);

    const elsewhere = await browser(app);
    await viaProvider(elsewhere, 'login', id);
    const other = await elsewhere.get(`${AUTH}/auth/session`);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ data: { user: { username: person.username } } });
  });

  it('refuses to connect a provider account that belongs to someone else', async () => {
    const owner = await socialOnlyAccount();
    const person = await verifiedAccount(app);
    const landed = await viaProvider(person.client, 'connect', owner.id);
    expect(landed.pathname).toBe(CONNECTIONS_PAGE);
    expect(landed.searchParams.get('error')).toBe('account_in_use');
    expect((await list(person.client)).body.data).toEqual([]);
    expect((await list(owner.client)).body.data.map((a) => a.uid)).toEqual([owner.id]);
  });

  it('sends a visitor who tries to connect back with ?error=not_authenticated', async () => {
    const client = await browser(app);
    const landed = await viaProvider(client, 'connect', idpUser());
    expect(landed.pathname).toBe(CONNECTIONS_PAGE);
    expect(landed.searchParams.get('error')).toBe('not_authenticated');
  });

  it('refuses to disconnect the only way in of an account without a password', async () => {
    const { client, id } = await socialOnlyAccount();
    const refused = await disconnect(client, { provider: PROVIDER.id, account: id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      status: 400,
      errors: [{ param: 'account', code: 'no_password', message: 'Your account has no password set up.' }],
    });
    expect((await list(client)).body.data).toHaveLength(1);
  });

  it('refuses it when the account has a password but no verified address', async () => {
    const { client, id } = await socialOnlyAccount();
    const password = 'a sound and lengthy passphrase';
    expect((await client.post(`${AUTH}/account/password/change`, { new_password: password })).status).toBe(
      200,
    );
    // The address the provider vouched for stops being verified (as after an admin's reset).
    const session = await app.db
      .selectFrom('sessions')
      .select('user_id')
      .where('id', '=', sessionIdOf(client))
      .executeTakeFirstOrThrow();
    await app.db.updateTable('users').set({ email_verified: 0 }).where('id', '=', session.user_id!).execute();
    const refused = await disconnect(client, { provider: PROVIDER.id, account: id });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)).toEqual([
      { param: 'account', code: 'no_verified_email', message: 'Your account has no verified email address.' },
    ]);
  });

  it('disconnects once a password is set, and answers the accounts that remain', async () => {
    const { client, id } = await socialOnlyAccount();
    const password = 'a sound and lengthy passphrase';
    expect((await client.post(`${AUTH}/account/password/change`, { new_password: password })).status).toBe(
      200,
    );
    const done = await disconnect(client, { provider: PROVIDER.id, account: id });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 200, data: [] });
  });

  it('lets one of two connected accounts go without a password', async () => {
    const { client, id } = await socialOnlyAccount();
    const second = idpUser();
    expect((await viaProvider(client, 'connect', second)).searchParams.get('error')).toBeNull();
    expect((await list(client)).body.data.map((a) => a.uid)).toEqual([id, second]);
    const done = await disconnect(client, { provider: PROVIDER.id, account: id });
    expect(done.status).toBe(200);
    expect(done.body.data.map((a) => a.uid)).toEqual([second]);
    // The last one is the only way in again.
    expect((await disconnect(client, { provider: PROVIDER.id, account: second })).status).toBe(400);
  });

  it('asks for the password again when the last login is older than the reauthentication timeout', async () => {
    const person = await verifiedAccount(app);
    const id = idpUser();
    await viaProvider(person.client, 'connect', id);
    await ageAuthentication(app, person.client, PAST_REAUTHENTICATION_MS);
    const asked = await disconnect(person.client, { provider: PROVIDER.id, account: id });
    expect(asked.status).toBe(401);
    expect(asked.body).toMatchObject({
      data: { flows: [{ id: 'reauthenticate' }] },
      meta: { is_authenticated: true },
    });
    expect((await list(person.client)).body.data).toHaveLength(1);
    expect(
      (await person.client.post(`${AUTH}/auth/reauthenticate`, { password: person.password })).status,
    ).toBe(200);
    expect((await disconnect(person.client, { provider: PROVIDER.id, account: id })).status).toBe(200);
  });

  it('refuses an account that is not the person’s, and missing fields', async () => {
    const owner = await socialOnlyAccount();
    const person = await verifiedAccount(app);
    const foreign = await disconnect(person.client, { provider: PROVIDER.id, account: owner.id });
    expect(foreign.status).toBe(400);
    expect(errorsOf(foreign.body)).toEqual([
      { param: 'account', code: 'account_not_found', message: 'Unknown account.' },
    ]);
    expect((await list(owner.client)).body.data).toHaveLength(1);
    const missing = await disconnect(person.client, {});
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body).map((e) => [e.param, e.code])).toEqual([
      ['provider', 'required'],
      ['account', 'required'],
    ]);
  });
});

describe('connecting a provider account is a sensitive change (issue 19)', () => {
  const TOKEN = `${AUTH}/auth/provider/token`;
  const reauthenticate = (person: { client: TestClient; password: string }) =>
    person.client.post(`${AUTH}/auth/reauthenticate`, { password: person.password });
  const connectedMails = (email: string) =>
    app.mailbox.for(email).filter((m) => /Third-Party Account Connected/.test(m.subject));

  it('sends the browser back with ?error=reauthentication_required when the last login is old, then mails the owner once it connects', async () => {
    const person = await verifiedAccount(app);
    const id = idpUser();
    await ageAuthentication(app, person.client, PAST_REAUTHENTICATION_MS);
    const refused = await viaProvider(person.client, 'connect', id);
    expect(refused.pathname).toBe(CONNECTIONS_PAGE);
    expect(refused.searchParams.get('error')).toBe('reauthentication_required');
    expect((await list(person.client)).body.data).toEqual([]);
    expect(connectedMails(person.email)).toEqual([]);

    expect((await reauthenticate(person)).status).toBe(200);
    const landed = await viaProvider(person.client, 'connect', id);
    expect(landed.searchParams.get('error')).toBeNull();
    expect((await list(person.client)).body.data.map((a) => a.uid)).toEqual([id]);
    const mail = await app.mailbox.waitFor(person.email, { subject: /Third-Party Account Connected/ });
    expect(mail.text).toContain(`Person ${id}`);
    expect(mail.text).toContain(`${app.baseUrl}/account/connections`);
  });

  it('answers allauth’s 401 reauthentication flow to a handed-over token, then connects and mails the owner', async () => {
    const person = await verifiedAccount(app);
    const id = idpUser();
    const { idToken } = await tokensFromIdp(idp, app.baseUrl, id, { nonce: 'app-nonce-reauth' });
    const handOver = () =>
      person.client.post(TOKEN, {
        provider: PROVIDER.id,
        process: 'connect',
        token: { client_id: PROVIDER.clientId, id_token: idToken },
      });
    await ageAuthentication(app, person.client, PAST_REAUTHENTICATION_MS);
    const asked = await handOver();
    expect(asked.status).toBe(401);
    expect(asked.body).toMatchObject({
      status: 401,
      data: { user: { username: person.username }, flows: [{ id: 'reauthenticate' }] },
      meta: { is_authenticated: true },
    });
    expect((await list(person.client)).body.data).toEqual([]);

    expect((await reauthenticate(person)).status).toBe(200);
    expect((await handOver()).status).toBe(200);
    expect((await list(person.client)).body.data.map((a) => a.uid)).toEqual([id]);
    await app.mailbox.waitFor(person.email, { subject: /Third-Party Account Connected/ });
  });
});

describe('auth/provider/token', () => {
  const TOKEN = `${AUTH}/auth/provider/token`;
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (extra: Record<string, unknown> = {}) => ({
    iss: idp.issuer,
    aud: PROVIDER.clientId,
    sub: idpUser(),
    iat: now(),
    exp: now() + 600,
    nonce: 'n-0123456789',
    ...extra,
  });
  const handOver = (client: TestClient, token: Record<string, string>, process = 'login') =>
    client.post(TOKEN, { provider: PROVIDER.id, process, token: { client_id: PROVIDER.clientId, ...token } });

  it('logs in with the ID token and access token the provider issued to the client', async () => {
    const email = `token-${Date.now().toString(36)}@example.org`;
    const id = idpUser({ email, email_verified: true });
    const { idToken, accessToken } = await tokensFromIdp(idp, app.baseUrl, id, { nonce: 'app-nonce-1' });
    const client = await browser(app);
    const before = client.cookies.get('sessionid');
    const res = await handOver(client, {
      id_token: idToken,
      access_token: accessToken,
      nonce: 'app-nonce-1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: {
        user: { email, has_usable_password: false },
        methods: [{ method: 'socialaccount', provider: PROVIDER.id, uid: id }],
      },
      meta: { is_authenticated: true },
    });
    expect(client.cookies.get('sessionid')).not.toBe(before);
    expect((await list(client)).body.data.map((a) => a.uid)).toEqual([id]);
  });

  it('asks for an address (provider signup) when the ID token alone names nobody’s email', async () => {
    const id = idpUser({ email: `quiet-${n}@example.org`, email_verified: true });
    const { idToken } = await tokensFromIdp(idp, app.baseUrl, id, { nonce: 'app-nonce-2' });
    const client = await browser(app);
    const res = await handOver(client, { id_token: idToken });
    expect(res.status).toBe(401);
    expect(pendingFlow(res.body)).toBe('provider_signup');
  });

  it('connects the provider account to the logged-in person', async () => {
    const person = await verifiedAccount(app);
    const id = idpUser();
    const { idToken, accessToken } = await tokensFromIdp(idp, app.baseUrl, id, { nonce: 'app-nonce-3' });
    const res = await handOver(person.client, { id_token: idToken, access_token: accessToken }, 'connect');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { user: { username: person.username } } });
    expect((await list(person.client)).body.data.map((a) => a.uid)).toEqual([id]);
    // Connecting needs someone logged in.
    const visitor = await browser(app);
    expect((await handOver(visitor, { id_token: idToken }, 'connect')).status).toBe(401);
  });

  it('accepts a token signed with the provider’s published key', async () => {
    const client = await browser(app);
    const res = await handOver(client, { id_token: idp.signIdToken(claims()) });
    expect(res.status).toBe(401);
    expect(pendingFlow(res.body)).toBe('provider_signup');
  });

  it('refuses a forged signature, another audience, an expired token and a wrong nonce', async () => {
    const client = await browser(app);
    const id = idpUser();
    const real = await tokensFromIdp(idp, app.baseUrl, id, { nonce: 'the-real-nonce' });
    const refused: [string, Record<string, string>][] = [
      ['signed by a stranger', { id_token: idp.signIdToken(claims(), { signer: 'stranger' }) }],
      ['for another client', { id_token: idp.signIdToken(claims({ aud: 'someone-else' })) }],
      ['from another issuer', { id_token: idp.signIdToken(claims({ iss: 'http://127.0.0.1:9' })) }],
      [
        'expired an hour ago',
        { id_token: idp.signIdToken(claims({ iat: now() - 7200, exp: now() - 3600 })) },
      ],
      ['with another nonce', { id_token: real.idToken, nonce: 'not-the-nonce' }],
      ['handed over for another client id', { id_token: real.idToken, client_id: 'someone-else' }],
      ['not a JWT', { id_token: 'not.a.token' }],
      ['without an ID token', { access_token: real.accessToken }],
    ];
    for (const [why, token] of refused) {
      const res = await handOver(client, token);
      expect(res.status, why).toBe(400);
      expect(res.body, why).toEqual({
        status: 400,
        errors: [{ param: 'token', code: 'invalid', message: 'The token was invalid.' }],
      });
    }
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
    // The real token with its own nonce is fine.
    expect((await handOver(client, { id_token: real.idToken, nonce: 'the-real-nonce' })).status).toBe(401);
  });

  it('refuses an unknown provider and an unknown process', async () => {
    const client = await browser(app);
    const unknown = await client.post(TOKEN, {
      provider: 'nope',
      process: 'login',
      token: { client_id: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown.body)[0]).toMatchObject({ param: 'provider' });
    const badProcess = await client.post(TOKEN, {
      provider: PROVIDER.id,
      process: 'hijack',
      token: { client_id: 'x' },
    });
    expect(badProcess.status).toBe(400);
    expect(errorsOf(badProcess.body)[0]).toMatchObject({ param: 'process' });
  });
});

describe('auth/provider/token rate limit', () => {
  it('counts each hand-over against the per-IP login limit, as a password login', async () => {
    // A provider of its own: the shared one takes no new client once it has answered.
    const ownIdp = await startTestIdp();
    const limited = await startAppWithProvider(ownIdp, { ACCOUNT_RATE_LIMITS: 'login=2/m/ip' });
    try {
      const client = await browser(limited);
      const handOver = (id_token: string) =>
        client.post(`${AUTH}/auth/provider/token`, {
          provider: PROVIDER.id,
          process: 'login',
          token: { client_id: PROVIDER.clientId, id_token },
        });
      for (let i = 0; i < 2; i++) expect((await handOver('not.a.token')).status).toBe(400);
      ownIdp.addUser({ id: 'rate-limited', preferred_username: 'rate_limited', name: 'Rate Limited' });
      const { idToken } = await tokensFromIdp(ownIdp, limited.baseUrl, 'rate-limited', {
        nonce: 'rate-nonce',
      });
      const blocked = await handOver(idToken);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ status: 429 });
      expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
    } finally {
      await limited.close();
      await ownIdp.close();
    }
  });
});

describe('phone numbers (out of scope)', () => {
  it('answers 404 on every phone path and config advertises none', async () => {
    const { client } = await verifiedAccount(app);
    for (const [method, path] of [
      ['POST', 'auth/phone/verify'],
      ['POST', 'auth/phone/verify/resend'],
      ['GET', 'account/phone'],
      ['POST', 'account/phone'],
    ] as const) {
      const res = await client.request(method, `${AUTH}/${path}`, method === 'POST' ? { json: {} } : {});
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ status: 404 });
    }
    const config = await client.get(`${AUTH}/config`);
    expect(JSON.stringify(config.body)).not.toMatch(/phone/i);
  });
});

describe('confirming an address added in the account area', () => {
  it('mails a link to the account area, which confirms it in the logged-in browser', async () => {
    const person = await verifiedAccount(app);
    const second = `second-${person.username}@example.org`;
    expect((await person.client.post(`${AUTH}/account/email`, { email: second })).status).toBe(200);
    const mail = await app.mailbox.waitFor(second, { subject: /Confirm/ });
    const key = verificationKeyIn(mail);
    expect(mail.text).toContain(`${app.baseUrl}/account/email/verify/${key}`);
    expect(mail.text).not.toContain('/auth/verify/');

    const check = await person.client.get(`${AUTH}/auth/email/verify`, { 'X-Email-Verification-Key': key });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ data: { email: second, user: { username: person.username } } });
    const confirmed = await person.client.post(`${AUTH}/auth/email/verify`, { key });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ meta: { is_authenticated: true } });
    const addresses = await person.client.get(`${AUTH}/account/email`);
    expect(addresses.body).toMatchObject({ data: [{ primary: true }, { email: second, verified: true }] });

    // The key is spent, and the page's address never reaches the logs with it.
    expect((await person.client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(400);
    expect(loggableUrl(`/account/email/verify/${key}`)).toBe('/account/email/verify/[redacted]');
  });

  it('keeps the signup confirmation on its own page', async () => {
    const person = await verifiedAccount(app);
    const signupMail = app.mailbox.for(person.email).find((m) => /Confirm/.test(m.subject));
    expect(signupMail?.text).toContain(`${app.baseUrl}/auth/verify/`);
  });
});
