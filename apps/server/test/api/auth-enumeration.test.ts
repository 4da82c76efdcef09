import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import { AUTH, browser, newPerson, pendingFlow, verifiedAccount, errorsOf } from '../support/accounts.ts';
import type { TestResponse } from '../support/http-client.ts';

/**
 * allauth's ACCOUNT_PREVENT_ENUMERATION: nothing a caller sees (status, body, headers that
 * matter) tells whether an address has an account. The address's owner learns by mail instead.
 */
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

/** The parts of a response a caller could compare. */
function observable(res: TestResponse) {
  return {
    status: res.status,
    body: res.body,
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    cookies: res.headers.getSetCookie().map((c) => c.split('=')[0]),
  };
}

describe('password reset request', () => {
  it('answers an unknown address exactly like a known one, mailing it an "unknown account" notice', async () => {
    const { email } = await verifiedAccount(server);
    const unknown = newPerson('nobody').email;
    const known = await (await browser(server)).post(`${AUTH}/auth/password/request`, { email });
    const stranger = await (await browser(server)).post(`${AUTH}/auth/password/request`, { email: unknown });
    expect(observable(stranger)).toEqual(observable(known));

    const notice = await server.mailbox.waitFor(unknown);
    expect(notice.subject).toBe('[Voxpad] Unknown Account');
    expect(notice.text).toContain(`tried to access an account with email ${unknown}`);
    expect(notice.text).toContain(`${server.baseUrl}/auth/signup`);
    expect(notice.text).not.toMatch(/password\/confirm/);
    const keys = await server.db.selectFrom('password_reset_keys').select('user_id').execute();
    expect(keys.length).toBe(1);
  });
});

describe('login code request', () => {
  it('answers an unknown address exactly like a known one; only the account gets a code', async () => {
    const { email } = await verifiedAccount(server);
    const unknown = newPerson('nobody').email;
    const known = await (await browser(server)).post(`${AUTH}/auth/code/request`, { email });
    const strangerClient = await browser(server);
    const stranger = await strangerClient.post(`${AUTH}/auth/code/request`, { email: unknown });
    expect(observable(stranger)).toEqual(observable(known));
    expect(pendingFlow(stranger.body)).toBe('login_by_code');

    expect((await server.mailbox.waitFor(email, { subject: /Sign-In Code/ })).text).toMatch(/^[A-Z0-9]{8}$/m);
    const notice = await server.mailbox.waitFor(unknown);
    expect(notice.subject).toBe('[Voxpad] Unknown Account');
    expect(notice.text).not.toMatch(/^[A-Z0-9]{8}$/m);
    // Whatever the stranger types, there is no code to match.
    const guess = await strangerClient.post(`${AUTH}/auth/code/confirm`, { code: 'CDFGHJKL' });
    expect(guess.status).toBe(400);
    expect(errorsOf(guess.body)[0]?.code).toBe('incorrect_code');
  });
});

describe('signup with a taken address', () => {
  it('answers like a new signup pending verification and tells the owner by mail', async () => {
    const owner = await verifiedAccount(server);
    const fresh = await (await browser(server)).post(`${AUTH}/auth/signup`, newPerson());
    const impostorClient = await browser(server);
    const impostor = await impostorClient.post(`${AUTH}/auth/signup`, {
      ...newPerson(),
      email: owner.email.toUpperCase(),
    });
    expect(observable(impostor)).toEqual(observable(fresh));
    expect(pendingFlow(impostor.body)).toBe('verify_email');

    const notice = await server.mailbox.waitFor(owner.email, { subject: /Already Exists/ });
    expect(notice.subject).toBe('[Voxpad] Account Already Exists');
    expect(notice.text).toContain(`${server.baseUrl}/auth/password/reset`);
    expect(notice.text).not.toMatch(/auth\/verify\//);
    const accounts = await server.db
      .selectFrom('users')
      .select('id')
      .where('email_key', '=', owner.email.toLowerCase())
      .execute();
    expect(accounts).toHaveLength(1);

    // The fake flow behaves like a real one: resending answers 200 (and mails nobody).
    const resend = await impostorClient.post(`${AUTH}/auth/email/verify/resend`);
    expect(resend.status).toBe(200);
    await server.mail!.drain();
    expect(server.mailbox.for(owner.email).filter((m) => /Confirm/.test(m.subject))).toHaveLength(1);
  });

  it('still reports a taken username, as allauth does', async () => {
    const owner = await verifiedAccount(server);
    const res = await (
      await browser(server)
    ).post(`${AUTH}/auth/signup`, { ...newPerson(), username: owner.username });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      { param: 'username', code: 'username_taken', message: 'A user with that username already exists.' },
    ]);
  });

  it('never logs the impostor into the existing account, even with a valid key', async () => {
    const owner = newPerson();
    await (await browser(server)).post(`${AUTH}/auth/signup`, owner);
    const ownKey = verificationKeyIn(await server.mailbox.waitFor(owner.email, { subject: /Confirm/ }));
    const impostor = await browser(server);
    await impostor.post(`${AUTH}/auth/signup`, { ...newPerson(), email: owner.email });
    // Even holding the owner's own link, the impostor's pending signup completes nothing.
    const res = await impostor.post(`${AUTH}/auth/email/verify`, { key: ownKey });
    expect(res.status).toBe(401);
    expect((await impostor.get(`${AUTH}/auth/session`)).status).toBe(401);
  });
});

describe('login', () => {
  it('answers an unknown account like a wrong password, by email too', async () => {
    const { email } = await verifiedAccount(server);
    const wrong = await (
      await browser(server)
    ).post(`${AUTH}/auth/login`, { email, password: 'not the password' });
    const unknown = await (
      await browser(server)
    ).post(`${AUTH}/auth/login`, {
      email: newPerson('nobody').email,
      password: 'not the password',
    });
    expect(observable(unknown)).toEqual(observable(wrong));
  });
});
