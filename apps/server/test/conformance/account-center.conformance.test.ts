import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, newPerson } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import { loginCodeIn, verificationKeyIn } from '../support/mailbox.ts';
import { ConformanceClient } from './conformance-client.ts';
import { assertConforms, observed } from './openapi-contract.ts';

/**
 * Black-box conformance of the account operations (issue 11): every response is validated
 * against allauth's OpenAPI document by ConformanceClient. Rate limits are on; each browser
 * comes from its own TEST-NET address.
 */
let app: TestApp;
let nextIp = 1;

beforeAll(async () => {
  app = await startTestApp({ ACCOUNT_RATE_LIMITS: 'default', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await app.close();
});

async function browser(): Promise<ConformanceClient> {
  const client = new ConformanceClient(app.baseUrl);
  client.defaultHeaders['x-forwarded-for'] = `198.51.100.${nextIp++}`;
  await client.prime();
  return client;
}

/** Signs up without a username (allauth's email-only clients) and follows the mailed link. */
async function account() {
  const { email, password } = newPerson('acct');
  const client = await browser();
  expect((await client.post(`${AUTH}/auth/signup`, { email, password })).status).toBe(401);
  const key = verificationKeyIn(await app.mailbox.waitFor(email, { subject: /Confirm/ }));
  expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
  return { client, email, password };
}

const EMAIL = `${AUTH}/account/email`;

describe('the corrections to the spec still validate', () => {
  it('refuses a reauthentication answer with an unknown flow, and a password change answer without a user', () => {
    const reauth = {
      status: 401,
      data: {
        flows: [{ id: 'no_such_flow' }],
        user: { id: 1, display: 'x', has_usable_password: true },
        methods: [],
      },
      meta: { is_authenticated: true },
    };
    expect(() => assertConforms('PATCH', EMAIL, 401, 'application/json', reauth)).toThrow(/does not allow/);
    const changed = { status: 200, data: { methods: [] }, meta: { is_authenticated: true } };
    expect(() =>
      assertConforms('POST', `${AUTH}/account/password/change`, 200, 'application/json', changed),
    ).toThrow(/does not allow/);
    // Only answers of the server count towards coverage.
    observed.length = 0;
  });
});

describe('POST auth/reauthenticate', () => {
  it('200 with the reauthentication record, 400 for a wrong password', async () => {
    const { client, password } = await account();
    expect((await client.post(`${AUTH}/auth/reauthenticate`, { password: 'not it at all' })).status).toBe(
      400,
    );
    expect((await client.post(`${AUTH}/auth/reauthenticate`, { password })).status).toBe(200);
  });
});

describe('account/email', () => {
  it('GET 200 and 401', async () => {
    const { client } = await account();
    expect((await client.get(EMAIL)).status).toBe(200);
    expect((await (await browser()).get(EMAIL)).status).toBe(401);
  });

  it('POST 200, 400, 401 (reauthentication) and 409', async () => {
    const { client, email } = await account();
    expect((await client.request('POST', EMAIL, { json: { email: newPerson().email } })).status).toBe(200);
    expect((await client.request('POST', EMAIL, { json: { email } })).status).toBe(400);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    expect((await client.request('POST', EMAIL, { json: { email: newPerson().email } })).status).toBe(401);
    const visitor = await browser();
    expect((await visitor.request('POST', EMAIL, { json: { email: newPerson().email } })).status).toBe(409);
  });

  it('PUT 200, 400 and 403', async () => {
    const { client, email } = await account();
    const other = newPerson().email;
    await client.request('POST', EMAIL, { json: { email: other } });
    await app.mailbox.waitFor(other, { subject: /Confirm/ });
    // One confirmation mail per address every three minutes (confirm_email): held back, 403.
    expect((await client.request('PUT', EMAIL, { json: { email: other } })).status).toBe(403);
    expect((await client.request('PUT', EMAIL, { json: { email: newPerson().email } })).status).toBe(400);
    await app.db.deleteFrom('rate_limit_hits').execute();
    expect((await client.request('PUT', EMAIL, { json: { email: other } })).status).toBe(200);
    expect((await client.request('PUT', EMAIL, { json: { email } })).status).toBe(403);
  });

  it('PATCH 200, 400 and 401 (reauthentication)', async () => {
    const { client, email } = await account();
    const other = newPerson().email;
    await client.request('POST', EMAIL, { json: { email: other } });
    expect((await client.request('PATCH', EMAIL, { json: { email: other, primary: true } })).status).toBe(
      400,
    );
    expect((await client.request('PATCH', EMAIL, { json: { email, primary: true } })).status).toBe(200);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    expect((await client.request('PATCH', EMAIL, { json: { email, primary: true } })).status).toBe(401);
  });

  it('DELETE 200, 400 and 401 (reauthentication)', async () => {
    const { client, email } = await account();
    const other = newPerson().email;
    await client.request('POST', EMAIL, { json: { email: other } });
    expect((await client.request('DELETE', EMAIL, { json: { email } })).status).toBe(400);
    expect((await client.request('DELETE', EMAIL, { json: { email: other } })).status).toBe(200);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    expect((await client.request('DELETE', EMAIL, { json: { email } })).status).toBe(401);
  });

  it('429 past ten requests a minute (manage_email)', async () => {
    const { client } = await account();
    for (let i = 0; i < 10; i++) expect((await client.get(EMAIL)).status).toBe(200);
    expect((await client.get(EMAIL)).status).toBe(429);
  });
});

describe('POST account/password/change', () => {
  it('200, 400, 401 (reauthentication) and 401 to a visitor', async () => {
    const { client, password } = await account();
    const change = (current_password: string, new_password: string) =>
      client.post(`${AUTH}/account/password/change`, { current_password, new_password });
    expect((await change('not it at all', 'conformance passphrase')).status).toBe(400);
    expect((await change(password, 'conformance passphrase')).status).toBe(200);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    expect((await change('conformance passphrase', 'another conformance passphrase')).status).toBe(401);
    const visitor = await browser();
    expect((await visitor.post(`${AUTH}/account/password/change`, { new_password: 'x' })).status).toBe(401);
  });
});

describe('auth/sessions', () => {
  it('GET 200; DELETE 200, 400 and 401 (the current session)', async () => {
    const { client, email, password } = await account();
    const device = await browser();
    expect((await device.post(`${AUTH}/auth/login`, { email, password })).status).toBe(200);
    const listed = await client.get<{ data: { id: number; is_current: boolean }[] }>(`${AUTH}/auth/sessions`);
    expect(listed.status).toBe(200);
    const [mine, theirs] = [
      listed.body.data.find((s) => s.is_current)!,
      listed.body.data.find((s) => !s.is_current)!,
    ];
    const end = (sessions: unknown) =>
      client.request('DELETE', `${AUTH}/auth/sessions`, { json: { sessions } });
    expect((await end([theirs.id])).status).toBe(200);
    expect((await end([theirs.id])).status).toBe(400);
    expect((await end([mine.id])).status).toBe(401);
  });
});

describe('POST auth/code/resend', () => {
  it('200, 409 without a pending code, 429 past three codes a minute', async () => {
    const { email } = await account();
    const client = await browser();
    expect((await client.post(`${AUTH}/auth/code/resend`)).status).toBe(409);
    expect((await client.post(`${AUTH}/auth/code/request`, { email })).status).toBe(401);
    loginCodeIn(await app.mailbox.waitFor(email, { subject: /Sign-In Code/ }));
    expect((await client.post(`${AUTH}/auth/code/resend`)).status).toBe(200);
    expect((await client.post(`${AUTH}/auth/code/resend`)).status).toBe(200);
    expect((await client.post(`${AUTH}/auth/code/resend`)).status).toBe(429);
  });
});

describe('GET config', () => {
  it('200 with usersessions', async () => {
    const res = await (await browser()).get(`${AUTH}/config`);
    expect(res.body).toMatchObject({ data: { usersessions: { track_activity: true } } });
  });
});

describe('coverage', () => {
  it('saw every account operation give each of its answers', () => {
    const seen = new Set(observed.map((o) => `${o.operation} ${o.status}`));
    const v1 = '/_allauth/{client}/v1';
    const expected = [
      `POST ${v1}/auth/signup 401`,
      ...[200, 400].map((s) => `POST ${v1}/auth/reauthenticate ${s}`),
      ...[200, 401, 429].map((s) => `GET ${v1}/account/email ${s}`),
      ...[200, 400, 401, 409].map((s) => `POST ${v1}/account/email ${s}`),
      ...[200, 400, 403].map((s) => `PUT ${v1}/account/email ${s}`),
      ...[200, 400, 401].map((s) => `PATCH ${v1}/account/email ${s}`),
      ...[200, 400, 401].map((s) => `DELETE ${v1}/account/email ${s}`),
      ...[200, 400, 401].map((s) => `POST ${v1}/account/password/change ${s}`),
      `GET ${v1}/auth/sessions 200`,
      ...[200, 400, 401].map((s) => `DELETE ${v1}/auth/sessions ${s}`),
      ...[200, 409, 429].map((s) => `POST ${v1}/auth/code/resend ${s}`),
      `GET ${v1}/config 200`,
    ];
    expect(expected.filter((e) => !seen.has(e))).toEqual([]);
  });
});
