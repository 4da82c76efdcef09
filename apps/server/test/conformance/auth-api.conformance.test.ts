import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { loginCodeIn, resetKeyIn, verificationKeyIn } from '../support/mailbox.ts';
import { AUTH, ageRateLimits, newPerson } from '../support/accounts.ts';
import { ConformanceClient } from './conformance-client.ts';
import {
  assertConforms,
  loadSpec,
  LOCAL_SPEC,
  observed,
  SHARED_SPEC,
  specFile,
  specPathFor,
} from './openapi-contract.ts';

/**
 * Black-box conformance: every endpoint of the accounts feature is driven over HTTP through
 * ConformanceClient, which validates each response (status and body) against allauth's
 * OpenAPI document with openapi-response-validator. Rate limits are on, and the app trusts
 * X-Forwarded-For so that each browser can come from its own (TEST-NET) address.
 */
let app: TestApp;
let nextIp = 1;

beforeAll(async () => {
  app = await startTestApp({ ACCOUNT_RATE_LIMITS: 'default', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await app.close();
});

async function browser(server: TestApp = app): Promise<ConformanceClient> {
  const client = new ConformanceClient(server.baseUrl);
  client.defaultHeaders['x-forwarded-for'] = `203.0.113.${nextIp++}`;
  await client.prime();
  return client;
}

/** Signs up through the API and returns the browser (pending) with the mailed key. */
async function signUp(server: TestApp = app) {
  const person = newPerson('conf');
  const client = await browser(server);
  const res = await client.post(`${AUTH}/auth/signup`, person);
  expect(res.status).toBe(401);
  const key = verificationKeyIn(await server.mailbox.waitFor(person.email, { subject: /Confirm/ }));
  return { client, person, key };
}

async function verifiedAccount(server: TestApp = app) {
  const { client, person, key } = await signUp(server);
  expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
  return { client, ...person };
}

describe('the contract', () => {
  it(`is read from ${fs.existsSync(SHARED_SPEC) ? 'shared/spec' : 'the repository copy'}`, () => {
    expect(specFile).toBe(fs.existsSync(SHARED_SPEC) ? SHARED_SPEC : LOCAL_SPEC);
  });

  it.skipIf(!fs.existsSync(SHARED_SPEC))('has a repository copy with the same content as shared/spec', () => {
    expect(isDeepStrictEqual(loadSpec(LOCAL_SPEC), loadSpec(SHARED_SPEC))).toBe(true);
  });

  it('maps our paths onto the spec with client=browser', () => {
    expect(specPathFor(`${AUTH}/auth/login`)).toBe('/_allauth/{client}/v1/auth/login');
    expect(specPathFor(`${AUTH}/auth/email/verify/resend`)).toBe(
      '/_allauth/{client}/v1/auth/email/verify/resend',
    );
  });

  it('really validates: wrong bodies and undocumented statuses are refused', () => {
    const session = `${AUTH}/auth/session`;
    expect(() => assertConforms('GET', session, 200, 'application/json', { status: 200 })).toThrow(
      /does not allow/,
    );
    expect(() =>
      assertConforms('GET', session, 401, 'application/json', {
        status: 401,
        data: { flows: [{ id: 'no_such_flow' }] },
        meta: { is_authenticated: false },
      }),
    ).toThrow(/does not allow/);
    expect(() => assertConforms('GET', session, 418, 'application/json', {})).toThrow(/documents/);
    expect(() => assertConforms('GET', `${AUTH}/config`, 200, 'text/html', {})).toThrow(/not JSON/);
    observed.length = 0;
  });
});

describe('GET config and the session', () => {
  it('config, anonymous session, logout', async () => {
    const client = await browser();
    expect((await client.get(`${AUTH}/config`)).status).toBe(200);
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
    expect((await client.delete(`${AUTH}/auth/session`)).status).toBe(401);
  });

  it('logged-in session', async () => {
    const { client } = await verifiedAccount();
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
    expect((await client.delete(`${AUTH}/auth/session`)).status).toBe(401);
  });
});

describe('POST auth/signup', () => {
  it('pending verification, input errors, taken username and email, conflict, CSRF', async () => {
    const { client } = await signUp();
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
    const bad = await (
      await browser()
    ).post(`${AUTH}/auth/signup`, { email: 'x', username: '!', password: '1' });
    expect(bad.status).toBe(400);
    const owner = await verifiedAccount();
    const takenName = await (
      await browser()
    ).post(`${AUTH}/auth/signup`, { ...newPerson(), username: owner.username });
    expect(takenName.status).toBe(400);
    const takenEmail = await (
      await browser()
    ).post(`${AUTH}/auth/signup`, { ...newPerson(), email: owner.email });
    expect(takenEmail.status).toBe(401);
    expect((await owner.client.post(`${AUTH}/auth/signup`, newPerson())).status).toBe(409);
    const noCsrf = await browser();
    noCsrf.sendCsrf = false;
    expect((await noCsrf.post(`${AUTH}/auth/signup`, newPerson())).status).toBe(403);
  });

  it('429 from the 21st signup of an address', async () => {
    const client = await browser();
    for (let i = 0; i < 20; i++) await client.post(`${AUTH}/auth/signup`, {});
    expect((await client.post(`${AUTH}/auth/signup`, {})).status).toBe(429);
  });

  it('200 when verification is off, 403 when signup is closed', async () => {
    const relaxed = await startTestApp({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
    const closed = await startTestApp({ SIGNUP_OPEN: 'false' });
    try {
      expect((await (await browser(relaxed)).post(`${AUTH}/auth/signup`, newPerson())).status).toBe(200);
      expect((await (await browser(closed)).post(`${AUTH}/auth/signup`, newPerson())).status).toBe(403);
    } finally {
      await relaxed.close();
      await closed.close();
    }
  });
});

describe('POST auth/login', () => {
  it('200, 400, 401 pending verification, 409 and a CSRF 403', async () => {
    const { client, username, password } = await verifiedAccount();
    expect((await client.post(`${AUTH}/auth/login`, { username, password })).status).toBe(409);
    const other = await browser();
    expect((await other.post(`${AUTH}/auth/login`, { username, password: 'wrong wrong' })).status).toBe(400);
    expect((await other.post(`${AUTH}/auth/login`, {})).status).toBe(400);
    expect((await other.post(`${AUTH}/auth/login`, { username, password })).status).toBe(200);

    const { person } = await signUp();
    const unverified = await browser();
    const pending = await unverified.post(`${AUTH}/auth/login`, {
      email: person.email,
      password: person.password,
    });
    expect(pending.status).toBe(401);

    const noCsrf = await browser();
    noCsrf.sendCsrf = false;
    expect((await noCsrf.post(`${AUTH}/auth/login`, { username, password })).status).toBe(403);
  });

  it('400 too_many_login_attempts and 429', async () => {
    const client = await browser();
    for (let i = 0; i < 5; i++)
      await client.post(`${AUTH}/auth/login`, { username: 'conf-target', password: 'x' });
    const locked = await client.post(`${AUTH}/auth/login`, { username: 'conf-target', password: 'x' });
    expect(locked.body).toMatchObject({ errors: [{ code: 'too_many_login_attempts' }] });
    for (let i = 0; i < 24; i++)
      await client.post(`${AUTH}/auth/login`, { username: `conf${i}`, password: 'x' });
    expect((await client.post(`${AUTH}/auth/login`, { username: 'conf', password: 'x' })).status).toBe(429);
  });
});

describe('auth/email/verify', () => {
  it('GET 200 and 400', async () => {
    const { client, key } = await signUp();
    expect((await client.get(`${AUTH}/auth/email/verify`, { 'X-Email-Verification-Key': key })).status).toBe(
      200,
    );
    expect(
      (await client.get(`${AUTH}/auth/email/verify`, { 'X-Email-Verification-Key': 'nope' })).status,
    ).toBe(400);
    expect((await client.get(`${AUTH}/auth/email/verify`)).status).toBe(400);
  });

  it('POST 200 in the signing-up browser, 401 elsewhere, 400 for a bad key', async () => {
    const first = await signUp();
    expect((await first.client.post(`${AUTH}/auth/email/verify`, { key: first.key })).status).toBe(200);
    const second = await signUp();
    expect((await (await browser()).post(`${AUTH}/auth/email/verify`, { key: second.key })).status).toBe(401);
    expect((await (await browser()).post(`${AUTH}/auth/email/verify`, { key: 'nope' })).status).toBe(400);
  });

  it('resend: 429 right after signup, 200 later, 409 without a pending flow', async () => {
    const { client } = await signUp();
    expect((await client.post(`${AUTH}/auth/email/verify/resend`)).status).toBe(429);
    await ageRateLimits(app, 3 * 60_000 + 1000);
    expect((await client.post(`${AUTH}/auth/email/verify/resend`)).status).toBe(200);
    expect((await (await browser()).post(`${AUTH}/auth/email/verify/resend`)).status).toBe(409);
  });
});

describe('password reset', () => {
  it('request 200 (known and unknown), 400, 429', async () => {
    const { email } = await verifiedAccount();
    const client = await browser();
    expect((await client.post(`${AUTH}/auth/password/request`, { email })).status).toBe(200);
    expect((await client.post(`${AUTH}/auth/password/request`, { email: newPerson().email })).status).toBe(
      200,
    );
    expect((await client.post(`${AUTH}/auth/password/request`, { email: 'nope' })).status).toBe(400);
    for (let i = 0; i < 4; i++) await (await browser()).post(`${AUTH}/auth/password/request`, { email });
    expect((await client.post(`${AUTH}/auth/password/request`, { email })).status).toBe(429);
  });

  it('GET 200 and 400; POST 400 and 401', async () => {
    const { email } = await verifiedAccount();
    await (await browser()).post(`${AUTH}/auth/password/request`, { email });
    const key = resetKeyIn(await app.mailbox.waitFor(email, { subject: /Password Reset/ }));
    const client = await browser();
    expect((await client.get(`${AUTH}/auth/password/reset`, { 'X-Password-Reset-Key': key })).status).toBe(
      200,
    );
    expect((await client.get(`${AUTH}/auth/password/reset`, { 'X-Password-Reset-Key': 'nope' })).status).toBe(
      400,
    );
    expect((await client.post(`${AUTH}/auth/password/reset`, { key, password: '123' })).status).toBe(400);
    expect((await client.post(`${AUTH}/auth/password/reset`, { key: 'nope', password: 'x' })).status).toBe(
      400,
    );
    expect(
      (await client.post(`${AUTH}/auth/password/reset`, { key, password: 'conformance passphrase' })).status,
    ).toBe(401);
  });

  it('POST 429 from the 21st attempt of an address', async () => {
    const client = await browser();
    for (let i = 0; i < 20; i++)
      await client.post(`${AUTH}/auth/password/reset`, { key: 'nope', password: 'x' });
    expect((await client.post(`${AUTH}/auth/password/reset`, { key: 'nope', password: 'x' })).status).toBe(
      429,
    );
  });

  it('POST 200 with ACCOUNT_LOGIN_ON_PASSWORD_RESET', async () => {
    const eager = await startTestApp({ ACCOUNT_LOGIN_ON_PASSWORD_RESET: 'true' });
    try {
      const { email } = await verifiedAccount(eager);
      await (await browser(eager)).post(`${AUTH}/auth/password/request`, { email });
      const key = resetKeyIn(await eager.mailbox.waitFor(email, { subject: /Password Reset/ }));
      const res = await (
        await browser(eager)
      ).post(`${AUTH}/auth/password/reset`, {
        key,
        password: 'conformance passphrase',
      });
      expect(res.status).toBe(200);
    } finally {
      await eager.close();
    }
  });
});

describe('login by code', () => {
  it('request 401 (known and unknown) and 400; confirm 400, 200 and 409', async () => {
    const { email } = await verifiedAccount();
    const client = await browser();
    expect((await client.post(`${AUTH}/auth/code/request`, { email: 'nope' })).status).toBe(400);
    expect((await client.post(`${AUTH}/auth/code/request`, { email: newPerson().email })).status).toBe(401);
    expect((await client.post(`${AUTH}/auth/code/request`, { email })).status).toBe(401);
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
    const code = loginCodeIn(await app.mailbox.waitFor(email, { subject: /Sign-In Code/ }));
    expect(
      (
        await client.post(`${AUTH}/auth/code/confirm`, {
          code: 'CCCCCCCC' === code ? 'DDDDDDDD' : 'CCCCCCCC',
        })
      ).status,
    ).toBe(400);
    expect((await client.post(`${AUTH}/auth/code/confirm`, { code })).status).toBe(200);
    expect((await (await browser()).post(`${AUTH}/auth/code/confirm`, { code })).status).toBe(409);
  });

  it('request 400 once an address has had three codes this minute', async () => {
    const email = newPerson().email;
    for (let i = 0; i < 3; i++) await (await browser()).post(`${AUTH}/auth/code/request`, { email });
    const res = await (await browser()).post(`${AUTH}/auth/code/request`, { email });
    expect(res.status).toBe(400);
  });
});

describe('coverage', () => {
  it('saw every operation of the accounts feature give each of its answers', () => {
    const seen = new Set(observed.map((o) => `${o.operation} ${o.status}`));
    const v1 = '/_allauth/{client}/v1';
    const expected = [
      `GET ${v1}/config 200`,
      `GET ${v1}/auth/session 200`,
      `GET ${v1}/auth/session 401`,
      `DELETE ${v1}/auth/session 401`,
      ...[200, 400, 401, 403, 409, 429].map((s) => `POST ${v1}/auth/signup ${s}`),
      ...[200, 400, 401, 403, 409, 429].map((s) => `POST ${v1}/auth/login ${s}`),
      ...[200, 400].map((s) => `GET ${v1}/auth/email/verify ${s}`),
      ...[200, 400, 401].map((s) => `POST ${v1}/auth/email/verify ${s}`),
      ...[200, 409, 429].map((s) => `POST ${v1}/auth/email/verify/resend ${s}`),
      ...[200, 400, 429].map((s) => `POST ${v1}/auth/password/request ${s}`),
      ...[200, 400].map((s) => `GET ${v1}/auth/password/reset ${s}`),
      ...[200, 400, 401, 429].map((s) => `POST ${v1}/auth/password/reset ${s}`),
      ...[400, 401].map((s) => `POST ${v1}/auth/code/request ${s}`),
      ...[200, 400, 409].map((s) => `POST ${v1}/auth/code/confirm ${s}`),
    ];
    expect(expected.filter((e) => !seen.has(e))).toEqual([]);
  });
});
