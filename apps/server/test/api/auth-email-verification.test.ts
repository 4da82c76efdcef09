import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import {
  AUTH,
  agePendingFlow,
  browser,
  newPerson,
  pendingFlow,
  verifiedAccount,
  errorsOf,
  PASSKEY_FLOWS,
} from '../support/accounts.ts';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

async function pendingSignup() {
  const person = newPerson();
  const client = await browser(server);
  const signup = await client.post(`${AUTH}/auth/signup`, person);
  const mail = await server.mailbox.waitFor(person.email, { subject: /Confirm/ });
  return { client, person, signup, mail, key: verificationKeyIn(mail) };
}

describe('signup with mandatory email verification', () => {
  it('answers 401 with verify_email pending and mails a link to /auth/verify/{key}', async () => {
    const { client, person, signup, mail, key } = await pendingSignup();
    expect(signup.status).toBe(401);
    expect(signup.body).toEqual({
      status: 401,
      data: {
        flows: [
          { id: 'login' },
          { id: 'signup' },
          { id: 'login_by_code' },
          ...PASSKEY_FLOWS,
          { id: 'verify_email', is_pending: true },
        ],
      },
      meta: { is_authenticated: false },
    });
    expect(signup.headers.getSetCookie().some((c) => c.startsWith('sessionid='))).toBe(true);

    expect(mail.subject).toBe('[Voxpad] Please Confirm Your Email Address');
    expect(mail.from).toContain('Voxpad');
    expect(mail.text).toContain(`${server.baseUrl}/auth/verify/${key}`);
    expect(mail.text).toContain(person.username);
    expect(mail.html).toContain(`href="${server.baseUrl}/auth/verify/${key}"`);

    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(401);
    expect(pendingFlow(session.body)).toBe('verify_email');
  });

  it('keeps only a hash of the key', async () => {
    const { key } = await pendingSignup();
    const rows = await server.db.selectFrom('email_verifications').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it('sends no mail and logs in at once when verification is switched off', async () => {
    const relaxed = await startTestApp({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
    try {
      const person = newPerson();
      const client = await browser(relaxed);
      const signup = await client.post(`${AUTH}/auth/signup`, person);
      expect(signup.status).toBe(200);
      expect(signup.body).toMatchObject({ meta: { is_authenticated: true } });
      await relaxed.mail!.drain();
      expect(relaxed.mailbox.for(person.email)).toEqual([]);
      // Without verification there is nothing to hide behind: a taken address is an error.
      const again = await (
        await browser(relaxed)
      ).post(`${AUTH}/auth/signup`, { ...newPerson(), email: person.email });
      expect(again.status).toBe(400);
      expect(errorsOf(again.body)).toEqual([
        {
          param: 'email',
          code: 'email_taken',
          message: 'A user is already registered with this email address.',
        },
      ]);
    } finally {
      await relaxed.close();
    }
  });
});

describe('GET auth/email/verify', () => {
  it('describes the key, and whether this browser is the one signing up', async () => {
    const { client, person, key } = await pendingSignup();
    const res = await client.get(`${AUTH}/auth/email/verify`, { 'X-Email-Verification-Key': key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      data: {
        email: person.email,
        user: {
          id: expect.any(String),
          display: person.username,
          has_usable_password: true,
          email: person.email,
          username: person.username,
        },
      },
      meta: { is_authenticating: true },
    });
    const elsewhere = await (
      await browser(server)
    ).get(`${AUTH}/auth/email/verify`, {
      'X-Email-Verification-Key': key,
    });
    expect(elsewhere.body).toMatchObject({ meta: { is_authenticating: false } });
  });

  it('answers 400 for a missing, unknown or expired key', async () => {
    const client = await browser(server);
    const missing = await client.get(`${AUTH}/auth/email/verify`);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      status: 400,
      errors: [{ param: 'key', code: 'required', message: 'This field is required.' }],
    });
    const invalid = {
      status: 400,
      errors: [{ param: 'key', code: 'invalid', message: 'Invalid or expired key.' }],
    };
    const unknown = await client.get(`${AUTH}/auth/email/verify`, {
      'X-Email-Verification-Key': 'not-a-key',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(invalid);

    const { key, client: signer } = await pendingSignup();
    const user = await server.db
      .selectFrom('email_verifications')
      .select('user_id')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    // Three days later (the rows say so): the key has expired.
    await server.db
      .updateTable('email_verifications')
      .set((eb) => ({
        created_at: eb('created_at', '-', 3 * 86_400_000),
        expires_at: eb('expires_at', '-', 3 * 86_400_000),
      }))
      .where('user_id', '=', user.user_id)
      .execute();
    const expired = await signer.get(`${AUTH}/auth/email/verify`, { 'X-Email-Verification-Key': key });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(invalid);
    const post = await signer.post(`${AUTH}/auth/email/verify`, { key });
    expect(post.status).toBe(400);
    expect(post.body).toEqual(invalid);
  });
});

describe('POST auth/email/verify', () => {
  it('logs in the browser that signed up, with its signup method, and retires the key', async () => {
    const { client, person, key } = await pendingSignup();
    const res = await client.post(`${AUTH}/auth/email/verify`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      data: {
        user: { username: person.username, email: person.email },
        methods: [{ method: 'password', email: person.email, at: expect.any(Number) }],
      },
      meta: { is_authenticated: true },
    });
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
    const again = await (await browser(server)).post(`${AUTH}/auth/email/verify`, { key });
    expect(again.status).toBe(400);
  });

  it('confirms the address from another browser but logs nobody in there (401)', async () => {
    const { client, person, key } = await pendingSignup();
    const other = await browser(server);
    const res = await other.post(`${AUTH}/auth/email/verify`, { key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      status: 401,
      data: { flows: [{ id: 'login' }, { id: 'signup' }, { id: 'login_by_code' }, ...PASSKEY_FLOWS] },
      meta: { is_authenticated: false },
    });
    // The address is confirmed: the person can now log in anywhere.
    const login = await other.post(`${AUTH}/auth/login`, {
      username: person.username,
      password: person.password,
    });
    expect(login.status).toBe(200);
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
  });

  it('answers 200 with the session when the verifying browser is already logged in', async () => {
    const { client } = await verifiedAccount(server);
    const { key } = await pendingSignup();
    const res = await client.post(`${AUTH}/auth/email/verify`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ meta: { is_authenticated: true } });
  });

  it('requires a key', async () => {
    const res = await (await browser(server)).post(`${AUTH}/auth/email/verify`, {});
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      { param: 'key', code: 'required', message: 'This field is required.' },
    ]);
  });

  it('no longer logs in once the pending signup has timed out (15 minutes)', async () => {
    const { client, key } = await pendingSignup();
    await agePendingFlow(server, client, 16 * 60_000);
    expect(pendingFlow((await client.get(`${AUTH}/auth/session`)).body)).toBeUndefined();
    const res = await client.post(`${AUTH}/auth/email/verify`, { key });
    expect(res.status).toBe(401);
  });
});

describe('login with an unconfirmed address', () => {
  it('waits for verification and mails a fresh link, which completes the login', async () => {
    const { person } = await pendingSignup();
    const client = await browser(server);
    const before = server.mailbox.for(person.email).length;
    const login = await client.post(`${AUTH}/auth/login`, {
      username: person.username,
      password: person.password,
    });
    expect(login.status).toBe(401);
    expect(pendingFlow(login.body)).toBe('verify_email');
    const key = verificationKeyIn(await server.mailbox.waitFor(person.email, { after: before }));
    const res = await client.post(`${AUTH}/auth/email/verify`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { methods: [{ method: 'password', username: person.username }] },
    });
  });

  it('still refuses a wrong password with the usual 400', async () => {
    const { person } = await pendingSignup();
    const res = await (
      await browser(server)
    ).post(`${AUTH}/auth/login`, { username: person.username, password: 'nope nope nope' });
    expect(res.status).toBe(400);
  });
});

describe('POST auth/email/verify/resend', () => {
  it('mails a new working link for the pending signup', async () => {
    const { client, person } = await pendingSignup();
    const before = server.mailbox.for(person.email).length;
    const res = await client.post(`${AUTH}/auth/email/verify/resend`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200 });
    const key = verificationKeyIn(await server.mailbox.waitFor(person.email, { after: before }));
    expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
  });

  it('answers 409 when no verification is pending', async () => {
    const res = await (await browser(server)).post(`${AUTH}/auth/email/verify/resend`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 409 });
  });
});
