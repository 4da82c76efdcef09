import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, errorsOf, sessionIdOf, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

interface Methods {
  data: { methods: { method: string; at: number; reauthenticated?: boolean }[] };
}

describe('POST auth/reauthenticate', () => {
  it('records a reauthentication and restarts the timeout', async () => {
    const { client, password } = await verifiedAccount(app);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    const before = Date.now() / 1000;
    const res = await client.post<Methods>(`${AUTH}/auth/reauthenticate`, { password });
    expect(res.status).toBe(200);
    const last = res.body.data.methods.at(-1)!;
    expect(last).toEqual({ method: 'password', at: expect.any(Number), reauthenticated: true });
    expect(last.at).toBeGreaterThanOrEqual(before);
    const row = await app.db
      .selectFrom('sessions')
      .select('authenticated_at')
      .where('id', '=', sessionIdOf(client))
      .executeTakeFirstOrThrow();
    expect(row.authenticated_at).toBeGreaterThanOrEqual(before * 1000);
    // The session keeps its login record; the reauthentication is added after it.
    const session = await client.get<Methods>(`${AUTH}/auth/session`);
    expect(session.body.data.methods.map((m) => m.reauthenticated ?? false)).toEqual([false, true]);
  });

  it('refuses a wrong or missing password with allauth’s errors', async () => {
    const { client } = await verifiedAccount(app);
    const wrong = await client.post(`${AUTH}/auth/reauthenticate`, { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.body)).toEqual([
      { param: 'password', code: 'incorrect_password', message: 'Incorrect password.' },
    ]);
    const missing = await client.post(`${AUTH}/auth/reauthenticate`, {});
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body)).toEqual([
      expect.objectContaining({ param: 'password', code: 'required' }),
    ]);
  });

  it('answers 401 with the login flows to a visitor who is not logged in', async () => {
    const res = await (
      await browser(app)
    ).post(`${AUTH}/auth/reauthenticate`, { password: 'whatever it is' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ meta: { is_authenticated: false } });
  });
});

describe('the reauthenticate rate limit', () => {
  it('allows ten attempts a minute per user, as allauth', async () => {
    const limited = await startTestApp({ ACCOUNT_RATE_LIMITS: 'reauthenticate=10/m/user' });
    try {
      const { client, password } = await verifiedAccount(limited);
      for (let i = 0; i < 10; i++) {
        expect((await client.post(`${AUTH}/auth/reauthenticate`, { password: 'wrong guess' })).status).toBe(
          400,
        );
      }
      expect((await client.post(`${AUTH}/auth/reauthenticate`, { password })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('ACCOUNT_REAUTHENTICATION_TIMEOUT_SECONDS', () => {
  it('asks for the password again once the configured time has passed, and not before', async () => {
    const short = await startTestApp({ ACCOUNT_REAUTHENTICATION_TIMEOUT_SECONDS: '60' });
    try {
      const { client, password } = await verifiedAccount(short);
      // Well within allauth's 300 s, yet past this server's 60 s.
      await ageAuthentication(short, client, 61_000);
      const refused = await client.post(`${AUTH}/account/email`, { email: 'second@example.org' });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        meta: { is_authenticated: true },
        data: { flows: [{ id: 'reauthenticate' }] },
      });
      expect((await client.post(`${AUTH}/auth/reauthenticate`, { password })).status).toBe(200);
      await ageAuthentication(short, client, 59_000);
      const added = await client.post(`${AUTH}/account/email`, { email: 'second@example.org' });
      expect(added.status).toBe(200);
    } finally {
      await short.close();
    }
  });
});
