import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, errorsOf, pendingFlow, verifiedAccount } from '../support/accounts.ts';
import { loginCodeIn } from '../support/mailbox.ts';
import {
  activateTotp,
  AUTHENTICATORS,
  logInAgain,
  logInWithCode,
  MFA_AUTHENTICATE,
  MFA_TRUST,
  RECOVERY_CODES,
  TOTP,
} from '../support/mfa.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

interface Methods {
  data: { methods: { method: string; type?: string }[] };
}

/** A verified account with TOTP on, logged out again in a new browser. */
async function accountWithTotp() {
  const person = await verifiedAccount(app);
  const totp = await activateTotp(person.client);
  return { ...person, ...totp };
}

describe('a login of a user with TOTP', () => {
  it('grants no session until the second factor: every endpoint answers 401 meanwhile', async () => {
    const { email, password, app: authenticator } = await accountWithTotp();
    const client = await browser(app);
    const login = await client.post(`${AUTH}/auth/login`, { email, password });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ meta: { is_authenticated: false } });
    expect(pendingFlow(login.body)).toBe('mfa_authenticate');
    expect(login.text).not.toContain(email);

    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(401);
    expect(pendingFlow(session.body)).toBe('mfa_authenticate');
    for (const path of [
      `${AUTH}/account/email`,
      AUTHENTICATORS,
      TOTP,
      RECOVERY_CODES,
      `${AUTH}/auth/sessions`,
      '/api/v1/pad/',
      '/api/v1/tokens/',
    ]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(401);
      expect(res.text, path).not.toContain(email);
    }
    // Unsafe requests are refused the same way.
    expect((await client.post('/api/v1/pad/', { name: 'sneaky' })).status).toBe(401);
    expect((await client.post(`${AUTH}/auth/2fa/reauthenticate`, { code: '123456' })).status).toBe(401);
    // Trust cannot be answered before the second factor.
    expect((await client.post(MFA_TRUST, { trust: true })).status).toBe(409);

    const second = await client.post(MFA_AUTHENTICATE, { code: await authenticator.nextCode() });
    expect(second.status).toBe(401);
    expect(pendingFlow(second.body)).toBe('mfa_trust');
    expect((await client.get('/api/v1/pad/')).status).toBe(401);
    const done = await client.post<Methods>(MFA_TRUST, { trust: false });
    expect(done.status).toBe(200);
    expect(done.body.data.methods).toEqual([
      expect.objectContaining({ method: 'password', email }),
      expect.objectContaining({ method: 'mfa', type: 'totp' }),
    ]);
    expect((await client.get('/api/v1/pad/')).status).toBe(200);
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
  });

  it('refuses a wrong code, an expired one and a reused one with allauth’s incorrect_code', async () => {
    const person = await accountWithTotp();
    const { client, app: authenticator } = person;
    const used = await authenticator.nextCode();
    await logInWithCode(client, person, used);

    const login = await logInAgain(client, person.email, person.password);
    expect(pendingFlow(login.body)).toBe('mfa_authenticate');
    for (const code of ['000000', authenticator.expiredCode(), used, '12345', 'abcdef']) {
      const res = await client.post(MFA_AUTHENTICATE, { code });
      expect(res.status, code).toBe(400);
      expect(errorsOf(res.body)).toEqual([
        {
          param: 'code',
          code: 'incorrect_code',
          message: expect.stringContaining('each code works only once'),
        },
      ]);
    }
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
    // A fresh code still works after the wrong ones.
    expect((await client.post(MFA_AUTHENTICATE, { code: await authenticator.nextCode() })).status).toBe(401);
    expect((await client.post(MFA_TRUST, { trust: false })).status).toBe(200);
  });

  it('asks for it after a login by mailed code too', async () => {
    const { email, app: authenticator } = await accountWithTotp();
    const client = await browser(app);
    const before = app.mailbox.for(email).length;
    expect((await client.post(`${AUTH}/auth/code/request`, { email })).status).toBe(401);
    const code = loginCodeIn(await app.mailbox.waitFor(email, { subject: /Sign-In Code/, after: before }));
    const confirmed = await client.post(`${AUTH}/auth/code/confirm`, { code });
    expect(confirmed.status).toBe(401);
    expect(pendingFlow(confirmed.body)).toBe('mfa_authenticate');
    expect((await client.get('/api/v1/pad/')).status).toBe(401);
    expect((await client.post(MFA_AUTHENTICATE, { code: await authenticator.nextCode() })).status).toBe(401);
    const done = await client.post<Methods>(MFA_TRUST, { trust: false });
    expect(done.body.data.methods.map((m) => m.method)).toEqual(['code', 'mfa']);
  });

  it('refuses the code step without a pending login, and bad input with the field named', async () => {
    const { client } = await verifiedAccount(app);
    expect((await client.post(MFA_AUTHENTICATE, { code: '123456' })).status).toBe(409);
    const person = await accountWithTotp();
    const login = await logInAgain(person.client, person.email, person.password);
    expect(login.status).toBe(401);
    const missing = await person.client.post(MFA_AUTHENTICATE, {});
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body)).toEqual([expect.objectContaining({ param: 'code', code: 'required' })]);
    const notBoolean = await person.client.post(MFA_TRUST, { trust: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(errorsOf(notBoolean.body)).toEqual([expect.objectContaining({ param: 'trust' })]);
  });

  it('logs users without a second factor straight in, as before', async () => {
    const { client, email, password } = await verifiedAccount(app);
    const res = await logInAgain(client, email, password);
    expect(res.status).toBe(200);
  });
});

describe('rate limits on code entry', () => {
  it('stops guessing after a few wrong codes per account, even for a right one', async () => {
    const limited = await startTestApp({ ACCOUNT_RATE_LIMITS: 'login_failed=10/m/ip,3/5m/key' });
    try {
      const person = await verifiedAccount(limited);
      const { app: authenticator } = await activateTotp(person.client);
      const client = await browser(limited);
      expect((await client.post(`${AUTH}/auth/login`, person)).status).toBe(401);
      for (let i = 0; i < 3; i++) {
        expect((await client.post(MFA_AUTHENTICATE, { code: '000000' })).status).toBe(400);
      }
      const blocked = await client.post(MFA_AUTHENTICATE, { code: await authenticator.nextCode() });
      expect(blocked.status).toBe(400);
      expect(errorsOf(blocked.body)).toEqual([
        expect.objectContaining({ code: 'too_many_login_attempts', message: expect.stringMatching(/Wait/) }),
      ]);
      expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
