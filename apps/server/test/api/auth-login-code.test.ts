import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { loginCodeIn } from '../support/mailbox.ts';
import {
  AUTH,
  agePendingFlow,
  browser,
  newPerson,
  pendingFlow,
  sessionIdOf,
  verifiedAccount,
  errorsOf,
  PASSKEY_FLOWS,
} from '../support/accounts.ts';
import type { TestClient } from '../support/http-client.ts';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

const incorrect = {
  status: 400,
  errors: [{ param: 'code', code: 'incorrect_code', message: 'Incorrect code.' }],
};

/** Requests a code in a fresh browser and returns it with the mailed code. */
async function requestCode(
  email: string,
): Promise<{ client: TestClient; code: string; status: number; body: unknown }> {
  const before = server.mailbox.for(email).length;
  const client = await browser(server);
  const res = await client.post(`${AUTH}/auth/code/request`, { email });
  const code = loginCodeIn(await server.mailbox.waitFor(email, { subject: /Sign-In Code/, after: before }));
  return { client, code, status: res.status, body: res.body };
}

/** A code that is surely not the mailed one. */
const wrongCode = (code: string) => (code === 'CCCCCCCC' ? 'DDDDDDDD' : 'CCCCCCCC');

describe('POST auth/code/request', () => {
  it('answers 401 with login_by_code pending and mails an 8-character code', async () => {
    const { email } = await verifiedAccount(server);
    const { client, code, status, body } = await requestCode(email);
    expect(status).toBe(401);
    expect(body).toEqual({
      status: 401,
      data: {
        flows: [
          { id: 'login' },
          { id: 'signup' },
          { id: 'login_by_code', is_pending: true },
          ...PASSKEY_FLOWS,
        ],
      },
      meta: { is_authenticated: false },
    });
    expect(code).toMatch(/^[CDFGHJKLMNPQRSTVWXY345679]{8}$/);
    expect(pendingFlow((await client.get(`${AUTH}/auth/session`)).body)).toBe('login_by_code');
    // Only a salted hash of the code is kept in the session.
    const row = await server.db
      .selectFrom('sessions')
      .select('data')
      .where('id', '=', sessionIdOf(client))
      .executeTakeFirstOrThrow();
    expect(row.data).not.toContain(code);
  });

  it('validates the address', async () => {
    const client = await browser(server);
    const missing = await client.post(`${AUTH}/auth/code/request`, {});
    expect(errorsOf(missing.body)).toEqual([
      { param: 'email', code: 'required', message: 'This field is required.' },
    ]);
    const invalid = await client.post(`${AUTH}/auth/code/request`, { email: 'nope' });
    expect(invalid.status).toBe(400);
    expect(errorsOf(invalid.body)).toEqual([
      { param: 'email', code: 'invalid', message: 'Enter a valid email address.' },
    ]);
  });

  it('answers 409 when already logged in', async () => {
    const { client, email } = await verifiedAccount(server);
    const res = await client.post(`${AUTH}/auth/code/request`, { email });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 409 });
  });
});

describe('POST auth/code/confirm', () => {
  it('logs in with the right code, whatever its case or dashes', async () => {
    const { email, username } = await verifiedAccount(server);
    const { client, code } = await requestCode(email);
    const typed = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    const res = await client.post(`${AUTH}/auth/code/confirm`, { code: typed });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      data: {
        user: { id: expect.any(String), display: username, has_usable_password: true, email, username },
        methods: [{ method: 'code', at: expect.any(Number), email }],
      },
      meta: { is_authenticated: true },
    });
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
  });

  it('answers 400 incorrect_code for a wrong code, and 409 once three attempts are spent', async () => {
    const { email } = await verifiedAccount(server);
    const { client, code } = await requestCode(email);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const res = await client.post(`${AUTH}/auth/code/confirm`, { code: wrongCode(code) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(incorrect);
    }
    expect(pendingFlow((await client.get(`${AUTH}/auth/session`)).body)).toBeUndefined();
    const late = await client.post(`${AUTH}/auth/code/confirm`, { code });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ status: 409 });
  });

  it('counts a missing code as an attempt', async () => {
    const { email } = await verifiedAccount(server);
    const { client, code } = await requestCode(email);
    const missing = await client.post(`${AUTH}/auth/code/confirm`, {});
    expect(errorsOf(missing.body)).toEqual([
      { param: 'code', code: 'required', message: 'This field is required.' },
    ]);
    await client.post(`${AUTH}/auth/code/confirm`, { code: wrongCode(code) });
    await client.post(`${AUTH}/auth/code/confirm`, { code: wrongCode(code) });
    expect((await client.post(`${AUTH}/auth/code/confirm`, { code })).status).toBe(409);
  });

  it('never lets parallel guesses exceed three', async () => {
    const { email } = await verifiedAccount(server);
    const { client, code } = await requestCode(email);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => client.post(`${AUTH}/auth/code/confirm`, { code: wrongCode(code) })),
    );
    expect(guesses.filter((g) => g.status === 400).length).toBeLessThanOrEqual(3);
    expect((await client.post(`${AUTH}/auth/code/confirm`, { code })).status).toBe(409);
  });

  it('answers 409 after three minutes', async () => {
    const { email } = await verifiedAccount(server);
    const { client, code } = await requestCode(email);
    await agePendingFlow(server, client, 181_000);
    const res = await client.post(`${AUTH}/auth/code/confirm`, { code });
    expect(res.status).toBe(409);
  });

  it('answers 409 while another flow is pending, and leaves that flow alone', async () => {
    const person = newPerson();
    const client = await browser(server);
    await client.post(`${AUTH}/auth/signup`, person);
    const res = await client.post(`${AUTH}/auth/code/confirm`, { code: 'CDFGHJKL' });
    expect(res.status).toBe(409);
    expect(pendingFlow((await client.get(`${AUTH}/auth/session`)).body)).toBe('verify_email');
  });

  it('answers 409 when no code was requested', async () => {
    const res = await (await browser(server)).post(`${AUTH}/auth/code/confirm`, { code: 'CDFGHJKL' });
    expect(res.status).toBe(409);
  });

  it('confirms the address of an account that was waiting for verification', async () => {
    const person = newPerson();
    await (await browser(server)).post(`${AUTH}/auth/signup`, person);
    await server.mailbox.waitFor(person.email, { subject: /Confirm/ });
    const { client, code } = await requestCode(person.email);
    expect((await client.post(`${AUTH}/auth/code/confirm`, { code })).status).toBe(200);
    const user = await server.db
      .selectFrom('users')
      .select('email_verified')
      .where('username', '=', person.username)
      .executeTakeFirstOrThrow();
    expect(user.email_verified).toBe(1);
    const login = await (
      await browser(server)
    ).post(`${AUTH}/auth/login`, {
      username: person.username,
      password: person.password,
    });
    expect(login.status).toBe(200);
  });

  it('starts a new session on login (no fixation)', async () => {
    const { email } = await verifiedAccount(server);
    const { client, code } = await requestCode(email);
    const before = client.cookies.get('sessionid');
    await client.post(`${AUTH}/auth/code/confirm`, { code });
    expect(client.cookies.get('sessionid')).not.toBe(before);
  });
});
