import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { resetKeyIn } from '../support/mailbox.ts';
import { AUTH, browser, verifiedAccount, errorsOf, PASSKEY_FLOWS } from '../support/accounts.ts';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

const invalidKey = {
  status: 400,
  errors: [{ param: 'key', code: 'token_invalid', message: 'The password reset token was invalid.' }],
};

/** Requests a reset for the address and returns the key from the mailed link. */
async function requestReset(email: string): Promise<string> {
  const before = server.mailbox.for(email).length;
  const res = await (await browser(server)).post(`${AUTH}/auth/password/request`, { email });
  expect(res.status).toBe(200);
  return resetKeyIn(await server.mailbox.waitFor(email, { subject: /Password Reset/, after: before }));
}

describe('POST auth/password/request', () => {
  it('answers 200 and mails a link to /auth/password/confirm/{key} naming the username', async () => {
    const { email, username } = await verifiedAccount(server);
    const res = await (
      await browser(server)
    ).post(`${AUTH}/auth/password/request`, { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200 });
    const mail = await server.mailbox.waitFor(email, { subject: /Password Reset/ });
    expect(mail.subject).toBe('[Voxpad] Password Reset Email');
    const key = resetKeyIn(mail);
    expect(mail.text).toContain(`${server.baseUrl}/auth/password/confirm/${key}`);
    expect(mail.text).toContain(`your username is ${username}`);
    const rows = await server.db.selectFrom('password_reset_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it('validates the address', async () => {
    const client = await browser(server);
    const missing = await client.post(`${AUTH}/auth/password/request`, {});
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body)).toEqual([
      { param: 'email', code: 'required', message: 'This field is required.' },
    ]);
    const invalid = await client.post(`${AUTH}/auth/password/request`, { email: 'not an email' });
    expect(invalid.body).toEqual({
      status: 400,
      errors: [{ param: 'email', code: 'invalid', message: 'Enter a valid email address.' }],
    });
  });
});

describe('GET auth/password/reset', () => {
  it('names the user the key belongs to', async () => {
    const { email, username } = await verifiedAccount(server);
    const key = await requestReset(email);
    const res = await (
      await browser(server)
    ).get(`${AUTH}/auth/password/reset`, { 'X-Password-Reset-Key': key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      data: {
        user: { id: expect.any(String), display: username, has_usable_password: true, email, username },
      },
    });
  });

  it('answers 400 for a missing, unknown or expired key', async () => {
    const client = await browser(server);
    const missing = await client.get(`${AUTH}/auth/password/reset`);
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body)).toEqual([
      { param: 'key', code: 'required', message: 'This field is required.' },
    ]);
    const unknown = await client.get(`${AUTH}/auth/password/reset`, { 'X-Password-Reset-Key': 'made-up' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(invalidKey);

    const { email, id } = await accountWithId();
    const key = await requestReset(email);
    const threeDays = 3 * 86_400_000;
    await server.db
      .updateTable('password_reset_keys')
      .set((eb) => ({
        created_at: eb('created_at', '-', threeDays),
        expires_at: eb('expires_at', '-', threeDays),
      }))
      .where('user_id', '=', id)
      .execute();
    const expired = await client.get(`${AUTH}/auth/password/reset`, { 'X-Password-Reset-Key': key });
    expect(expired.body).toEqual(invalidKey);
  });
});

async function accountWithId() {
  const account = await verifiedAccount(server);
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', account.username)
    .executeTakeFirstOrThrow();
  return { ...account, id: row.id };
}

describe('POST auth/password/reset', () => {
  it('sets the new password, answers 401, and ends every session of the account', async () => {
    const { client: loggedIn, username, email, password } = await verifiedAccount(server);
    const key = await requestReset(email);
    const resetter = await browser(server);
    const res = await resetter.post(`${AUTH}/auth/password/reset`, {
      key,
      password: 'a brand new passphrase',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      status: 401,
      data: { flows: [{ id: 'login' }, { id: 'signup' }, { id: 'login_by_code' }, ...PASSKEY_FLOWS] },
      meta: { is_authenticated: false },
    });
    expect((await loggedIn.get(`${AUTH}/auth/session`)).status).toBe(401);

    const old = await resetter.post(`${AUTH}/auth/login`, { username, password });
    expect(old.status).toBe(400);
    const fresh = await resetter.post(`${AUTH}/auth/login`, { username, password: 'a brand new passphrase' });
    expect(fresh.status).toBe(200);
  });

  it('logs out the browser doing the reset when it was logged in as that account', async () => {
    const { client, email } = await verifiedAccount(server);
    const key = await requestReset(email);
    const res = await client.post(`${AUTH}/auth/password/reset`, { key, password: 'yet another passphrase' });
    expect(res.status).toBe(401);
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('uses each key once, and a password change kills every other key', async () => {
    const { email } = await verifiedAccount(server);
    const first = await requestReset(email);
    const second = await requestReset(email);
    const client = await browser(server);
    expect(
      (await client.post(`${AUTH}/auth/password/reset`, { key: first, password: 'first new passphrase' }))
        .status,
    ).toBe(401);
    const reused = await client.post(`${AUTH}/auth/password/reset`, {
      key: first,
      password: 'second new passphrase',
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(invalidKey);
    const other = await client.get(`${AUTH}/auth/password/reset`, { 'X-Password-Reset-Key': second });
    expect(other.body).toEqual(invalidKey);
  });

  it('refuses a key issued before the password last changed', async () => {
    const { email, id } = await accountWithId();
    const key = await requestReset(email);
    await server.db
      .updateTable('users')
      .set({ password_changed_at: Date.now() + 1000 })
      .where('id', '=', id)
      .execute();
    const res = await (
      await browser(server)
    ).get(`${AUTH}/auth/password/reset`, { 'X-Password-Reset-Key': key });
    expect(res.body).toEqual(invalidKey);
  });

  it('validates the new password against the account, keeping the key usable', async () => {
    const { email, username } = await verifiedAccount(server);
    const key = await requestReset(email);
    const client = await browser(server);
    const weak = await client.post(`${AUTH}/auth/password/reset`, { key, password: 'password123' });
    expect(weak.status).toBe(400);
    expect(errorsOf(weak.body)).toEqual(
      expect.arrayContaining([
        { param: 'password', code: 'password_too_common', message: 'This password is too common.' },
      ]),
    );
    const similar = await client.post(`${AUTH}/auth/password/reset`, { key, password: `${username}!` });
    expect(errorsOf(similar.body)).toEqual(
      expect.arrayContaining([expect.objectContaining({ param: 'password', code: 'password_too_similar' })]),
    );
    expect(
      (await client.post(`${AUTH}/auth/password/reset`, { key, password: 'finally a fine one' })).status,
    ).toBe(401);
  });

  it('lists every missing field, and checks the key before the password', async () => {
    const client = await browser(server);
    const empty = await client.post(`${AUTH}/auth/password/reset`, {});
    expect(empty.body).toEqual({
      status: 400,
      errors: [
        { param: 'key', code: 'required', message: 'This field is required.' },
        { param: 'password', code: 'required', message: 'This field is required.' },
      ],
    });
    const badKey = await client.post(`${AUTH}/auth/password/reset`, { key: 'nope', password: 'short' });
    expect(badKey.body).toEqual(invalidKey);
  });

  it('logs in straight away with ACCOUNT_LOGIN_ON_PASSWORD_RESET', async () => {
    const eager = await startTestApp({ ACCOUNT_LOGIN_ON_PASSWORD_RESET: 'true' });
    try {
      const { email, username } = await verifiedAccount(eager);
      await (await browser(eager)).post(`${AUTH}/auth/password/request`, { email });
      const key = resetKeyIn(await eager.mailbox.waitFor(email, { subject: /Password Reset/ }));
      const client = await browser(eager);
      const res = await client.post(`${AUTH}/auth/password/reset`, {
        key,
        password: 'logged in right after',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 200,
        data: { user: { username }, methods: [{ method: 'password_reset', email, at: expect.any(Number) }] },
        meta: { is_authenticated: true },
      });
      expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
    } finally {
      await eager.close();
    }
  });
});
