import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import { PASSKEY_FLOWS } from '../support/accounts.ts';

const AUTH = '/_headless/browser/v1';
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

async function anonymous(): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  await client.prime();
  return client;
}

describe('config', () => {
  it('describes the account set-up', async () => {
    const res = await new TestClient(server.baseUrl).get(`${AUTH}/config`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      data: {
        account: {
          is_open_for_signup: true,
          login_by_code_enabled: true,
          login_methods: ['email', 'username'],
        },
        socialaccount: { providers: [] },
        // Reached at 127.0.0.1 without PUBLIC_URL: browsers refuse passkeys for an IP address.
        mfa: { passkey_login_enabled: true, passkey_origin: null },
      },
    });
  });

  it('names the address browsers accept passkeys at: PUBLIC_URL at localhost, as `npm start` sets it', async () => {
    const named = await startTestApp({ PUBLIC_URL: `http://localhost:8080` });
    try {
      const res = await new TestClient(named.baseUrl).get<{ data: { mfa: { passkey_origin: string } } }>(
        `${AUTH}/config`,
      );
      expect(res.body.data.mfa.passkey_origin).toBe('http://localhost:8080');
    } finally {
      await named.close();
    }
  });

  it('issues a readable csrftoken cookie and an HttpOnly-free one only for CSRF', async () => {
    const res = await new TestClient(server.baseUrl).get(`${AUTH}/config`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('csrftoken='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });
});

describe('session', () => {
  it('answers 401 with the available flows when nobody is logged in', async () => {
    const res = await (await anonymous()).get(`${AUTH}/auth/session`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      status: 401,
      data: { flows: [{ id: 'login' }, { id: 'signup' }, { id: 'login_by_code' }, ...PASSKEY_FLOWS] },
      meta: { is_authenticated: false },
    });
  });

  it('ignores a forged session cookie', async () => {
    const client = await anonymous();
    client.cookies.set('sessionid', 'not-a-real-session');
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
  });
});

describe('signup', () => {
  it('creates the account, logs in once the email is confirmed and sets an HttpOnly session cookie', async () => {
    const client = await anonymous();
    const signup = await client.post(`${AUTH}/auth/signup`, {
      email: 'Ada@Example.org',
      username: 'ada',
      password: 'analytical engine 1843',
    });
    // Email verification is mandatory: the signup waits for the link mailed to the address.
    expect(signup.status).toBe(401);
    expect(signup.body).toMatchObject({
      data: { flows: expect.arrayContaining([{ id: 'verify_email', is_pending: true }]) },
    });
    const key = verificationKeyIn(await server.mailbox.waitFor('ada@example.org'));
    const res = await client.post(`${AUTH}/auth/email/verify`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      data: {
        user: { display: 'ada', email: 'Ada@Example.org', username: 'ada', has_usable_password: true },
        methods: [{ method: 'password', email: 'Ada@Example.org' }],
      },
      meta: { is_authenticated: true },
    });
    const sessionCookie = res.headers.getSetCookie().find((c) => c.startsWith('sessionid='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      data: { user: { username: 'ada' } },
      meta: { is_authenticated: true },
    });
  });

  it('lists every field problem with param and code', async () => {
    const res = await (
      await anonymous()
    ).post(`${AUTH}/auth/signup`, {
      email: 'not-an-email',
      username: 'bad name!',
      password: '1234',
    });
    expect(res.status).toBe(400);
    const errors = (res.body as { errors: { param: string; code: string }[] }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ param: 'email', code: 'invalid', message: 'Enter a valid email address.' }),
        expect.objectContaining({ param: 'username', code: 'invalid' }),
        expect.objectContaining({ param: 'password', code: 'password_too_short' }),
        expect.objectContaining({ param: 'password', code: 'password_entirely_numeric' }),
      ]),
    );
  });

  it('rejects missing fields and non-object bodies', async () => {
    const client = await anonymous();
    const empty = await client.post(`${AUTH}/auth/signup`, {});
    expect(empty.status).toBe(400);
    expect(
      (empty.body as { errors: { param: string; code: string }[] }).errors.map((e) => [e.param, e.code]),
    ).toEqual([
      // No username is fine: one is derived from the email (ACCOUNT_USERNAME_REQUIRED=false).
      ['email', 'required'],
      ['password', 'required'],
    ]);
    const array = await client.post(`${AUTH}/auth/signup`, [1, 2]);
    expect(array.status).toBe(400);
    const malformed = await client.request('POST', `${AUTH}/auth/signup`, {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ status: 400, errors: [{ code: 'invalid' }] });
  });

  it('refuses a password too similar to the username', async () => {
    const res = await (
      await anonymous()
    ).post(`${AUTH}/auth/signup`, {
      email: 'grace@example.org',
      username: 'gracehopper',
      password: 'gracehopper1',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ param: 'password', code: 'password_too_similar' }] });
  });

  it('refuses a taken username, whatever its case (a taken email alone is not revealed)', async () => {
    await signedUpClient(server.baseUrl, 'linus');
    const res = await (
      await anonymous()
    ).post(`${AUTH}/auth/signup`, {
      email: 'LINUS@example.org',
      username: 'Linus',
      password: 'a long enough password',
    });
    expect(res.status).toBe(400);
    const codes = (res.body as { errors: { code: string }[] }).errors.map((e) => e.code);
    // Enumeration prevention: the taken email is not reported (auth-enumeration tests cover it).
    expect(codes).toEqual(['username_taken']);
  });

  it('answers 409 when already logged in', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const res = await client.post(`${AUTH}/auth/signup`, {
      email: 'other@example.org',
      username: 'other',
      password: 'another fine password',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 409 });
  });

  it('settles concurrent signups for the same username with exactly one account', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, async (_, i) =>
        (await anonymous()).post(`${AUTH}/auth/signup`, {
          email: `race${i}@example.org`,
          username: 'racer',
          password: 'a long enough password',
        }),
      ),
    );
    // The one account created waits for its email to be confirmed (401 verify_email).
    expect(attempts.filter((r) => r.status === 401)).toHaveLength(1);
    for (const r of attempts.filter((r) => r.status !== 401)) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errors: [{ code: 'username_taken', param: 'username' }] });
    }
  });
});

describe('login and logout', () => {
  it('logs in by username or by email, and rotates the session id', async () => {
    const { client, username, email, password } = await signedUpClient(server.baseUrl);
    const before = client.cookies.get('sessionid');
    await client.delete(`${AUTH}/auth/session`);
    expect(client.cookies.has('sessionid')).toBe(false);

    const byUsername = await client.post(`${AUTH}/auth/login`, { username, password });
    expect(byUsername.status).toBe(200);
    expect(byUsername.body).toMatchObject({ data: { methods: [{ method: 'password', username }] } });
    const after = client.cookies.get('sessionid');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);

    await client.delete(`${AUTH}/auth/session`);
    const byEmail = await client.post(`${AUTH}/auth/login`, { email: email.toUpperCase(), password });
    expect(byEmail.status).toBe(200);
    const usernameFieldWithEmail = await new TestClient(server.baseUrl);
    await usernameFieldWithEmail.prime();
    expect(
      (await usernameFieldWithEmail.post(`${AUTH}/auth/login`, { username: email, password })).status,
    ).toBe(200);
  });

  it('a session id from before login is worthless after it (no fixation)', async () => {
    const { username, password } = await signedUpClient(server.baseUrl);
    const victim = await anonymous();
    victim.cookies.set('sessionid', 'attacker-chosen-token');
    await victim.post(`${AUTH}/auth/login`, { username, password });
    const attacker = await anonymous();
    attacker.cookies.set('sessionid', 'attacker-chosen-token');
    expect((await attacker.get(`${AUTH}/auth/session`)).status).toBe(401);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const { username } = await signedUpClient(server.baseUrl);
    const client = await anonymous();
    const wrong = await client.post(`${AUTH}/auth/login`, { username, password: 'wrong password' });
    const unknown = await client.post(`${AUTH}/auth/login`, {
      username: 'nobody-here',
      password: 'wrong password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      status: 400,
      errors: [
        {
          param: 'password',
          code: 'username_password_mismatch',
          message: 'The username and/or password you specified are not correct.',
        },
      ],
    });
    expect(unknown.body).toEqual(wrong.body);
    const byEmail = await client.post(`${AUTH}/auth/login`, { email: 'nobody@example.org', password: 'x' });
    expect(byEmail.body).toMatchObject({ errors: [{ code: 'email_password_mismatch', param: 'password' }] });
  });

  it('answers 409 when logging in while logged in', async () => {
    const { client, username, password } = await signedUpClient(server.baseUrl);
    expect((await client.post(`${AUTH}/auth/login`, { username, password })).status).toBe(409);
  });

  it('logout ends the session on the server, not just in the browser', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const token = client.cookies.get('sessionid')!;
    const res = await client.delete(`${AUTH}/auth/session`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, meta: { is_authenticated: false } });
    const replay = await anonymous();
    replay.cookies.set('sessionid', token);
    expect((await replay.get(`${AUTH}/auth/session`)).status).toBe(401);
  });
});

describe('csrf', () => {
  it('refuses unsafe methods without the X-CSRFToken header, as JSON', async () => {
    const client = await anonymous();
    client.sendCsrf = false;
    const res = await client.post(`${AUTH}/auth/login`, { username: 'x', password: 'y' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, errors: [{ code: 'csrf_failed' }] });
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = await anonymous();
    const res = await client.request('POST', `${AUTH}/auth/login`, {
      json: { username: 'x', password: 'y' },
      headers: { 'x-csrftoken': 'A'.repeat(32) },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a request with no csrftoken cookie at all', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.request('DELETE', `${AUTH}/auth/session`, {
      headers: { 'x-csrftoken': 'A'.repeat(32) },
    });
    expect(res.status).toBe(403);
  });
});

describe('unknown auth endpoints', () => {
  it('answer 404 in JSON', async () => {
    const res = await new TestClient(server.baseUrl).get(`${AUTH}/auth/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404 });
  });
});
