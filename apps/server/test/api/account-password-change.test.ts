import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, errorsOf, sessionIdOf, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import { resetKeyIn } from '../support/mailbox.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const CHANGE = `${AUTH}/account/password/change`;
const NEW_PASSWORD = 'a brand new and lengthy passphrase';

describe('changing the password', () => {
  it('keeps this browser logged in on a new session and ends everything else', async () => {
    const { client, username, email, password } = await verifiedAccount(app);
    const otherDevice = await browser(app);
    expect((await otherDevice.post(`${AUTH}/auth/login`, { username, password })).status).toBe(200);
    const token = await client.post<{ token: string }>('/api/v1/tokens/', { name: 'script' });
    expect(token.status).toBe(201);
    await (await browser(app)).post(`${AUTH}/auth/password/request`, { email });
    const resetKey = resetKeyIn(await app.mailbox.waitFor(email, { subject: /Password Reset/ }));
    const sessionBefore = sessionIdOf(client);
    const useToken = async () =>
      (
        await fetch(`${app.baseUrl}/v1/audio/transcriptions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.body.token}` },
          body: new FormData(),
        })
      ).status;
    expect(await useToken()).toBe(400);

    const res = await client.post(CHANGE, { current_password: password, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { user: { username, has_usable_password: true } } });
    expect(sessionIdOf(client)).not.toBe(sessionBefore);
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
    expect((await client.get<{ results: unknown[] }>('/api/v1/tokens/')).body.results).toEqual([]);

    expect((await otherDevice.get(`${AUTH}/auth/session`)).status).toBe(401);
    expect(await useToken()).toBe(401);
    const reset = await (
      await browser(app)
    ).post(`${AUTH}/auth/password/reset`, {
      key: resetKey,
      password: 'yet another lengthy passphrase',
    });
    expect(reset.status).toBe(400);

    const notice = await app.mailbox.waitFor(email, { subject: /Password Changed/ });
    expect(notice.text).toContain('/auth/password/reset');
    const login = async (pw: string) =>
      (await (await browser(app)).post(`${AUTH}/auth/login`, { username, password: pw })).status;
    expect(await login(password)).toBe(400);
    expect(await login(NEW_PASSWORD)).toBe(200);
  });

  it('needs the right current password and a valid new one', async () => {
    const { client, username, password } = await verifiedAccount(app);
    const wrong = await client.post(CHANGE, {
      current_password: 'not the password',
      new_password: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.body)).toEqual([
      {
        param: 'current_password',
        code: 'enter_current_password',
        message: 'Please type your current password.',
      },
    ]);
    const missing = await client.post(CHANGE, { new_password: NEW_PASSWORD });
    expect(errorsOf(missing.body)).toEqual([
      expect.objectContaining({ param: 'current_password', code: 'required' }),
    ]);
    const weak = await client.post(CHANGE, { current_password: password, new_password: username });
    expect(errorsOf(weak.body).map((e) => [e.param, e.code])).toContainEqual([
      'new_password',
      'password_too_similar',
    ]);
    const none = await client.post(CHANGE, { current_password: password });
    expect(errorsOf(none.body)).toEqual([
      expect.objectContaining({ param: 'new_password', code: 'required' }),
    ]);
  });

  it('sets a first password on an account that has none, without asking for a current one', async () => {
    const { client, email, username } = await verifiedAccount(app);
    // As an account made through a provider has it.
    await app.db.updateTable('users').set({ password_hash: null }).where('username', '=', username).execute();
    // With no password there is no way to reauthenticate, so an old login is not held against it.
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    const res = await client.post(CHANGE, { new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { user: { has_usable_password: true } } });
    await app.mailbox.waitFor(email, { subject: /Password Set/ });
  });

  it('asks for reauthentication once the last login is more than five minutes old', async () => {
    const { client, password } = await verifiedAccount(app);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    const stale = await client.post(CHANGE, { current_password: password, new_password: NEW_PASSWORD });
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({
      data: { flows: [{ id: 'reauthenticate' }] },
      meta: { is_authenticated: true },
    });
    expect((await client.post(`${AUTH}/auth/reauthenticate`, { password })).status).toBe(200);
    expect(
      (await client.post(CHANGE, { current_password: password, new_password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('answers 401 with the login flows to a visitor', async () => {
    const res = await (await browser(app)).post(CHANGE, { new_password: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ meta: { is_authenticated: false } });
  });
});
