import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, errorsOf, sessionIdOf, verifiedAccount } from '../support/accounts.ts';
import type { TestClient } from '../support/http-client.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

interface Sessions {
  status: number;
  data: {
    id: number;
    is_current: boolean;
    ip: string;
    user_agent: string;
    created_at: number;
    last_seen_at: number;
  }[];
}

const SESSIONS = `${AUTH}/auth/sessions`;
const end = (client: TestClient, sessions: unknown) =>
  client.request<Sessions>('DELETE', SESSIONS, { json: { sessions } });

/** The same person logged in on a second device with its own user agent. */
async function secondDevice(username: string, password: string) {
  const device = await browser(app);
  device.defaultHeaders['user-agent'] = 'Second Device/1.0';
  expect((await device.post(`${AUTH}/auth/login`, { username, password })).status).toBe(200);
  return device;
}

describe('GET auth/sessions', () => {
  it('lists the user’s sessions with the current one marked', async () => {
    const started = Date.now() / 1000;
    const { client, username, password } = await verifiedAccount(app);
    const device = await secondDevice(username, password);
    const res = await client.get<Sessions>(SESSIONS);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const [mine, theirs] = res.body.data;
    expect(mine).toMatchObject({ is_current: true, ip: '127.0.0.1' });
    expect(theirs).toMatchObject({ is_current: false, user_agent: 'Second Device/1.0' });
    for (const s of res.body.data) {
      expect(Number.isSafeInteger(s.id)).toBe(true);
      expect(s.created_at).toBeGreaterThanOrEqual(started - 1);
      expect(s.last_seen_at).toBeGreaterThanOrEqual(s.created_at);
    }
    const fromDevice = await device.get<Sessions>(SESSIONS);
    expect(fromDevice.body.data.find((s) => s.is_current)?.id).toBe(theirs!.id);
  });

  it('answers 401 to a visitor', async () => {
    expect((await (await browser(app)).get(SESSIONS)).status).toBe(401);
  });

  it('writes last seen at most once a minute', async () => {
    const { client } = await verifiedAccount(app);
    const setLastSeen = (at: number) =>
      app.db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('id', '=', sessionIdOf(client))
        .execute();
    const lastSeen = async () => (await client.get<Sessions>(SESSIONS)).body.data[0]!.last_seen_at * 1000;
    const recent = Date.now() - 30_000;
    await setLastSeen(recent);
    expect(await lastSeen()).toBe(recent);
    await setLastSeen(Date.now() - 120_000);
    expect(await lastSeen()).toBeGreaterThan(Date.now() - 5_000);
  });

  it('is advertised in config', async () => {
    const res = await (await browser(app)).get(`${AUTH}/config`);
    expect(res.body).toMatchObject({ data: { usersessions: { track_activity: true } } });
  });
});

describe('DELETE auth/sessions', () => {
  it('ends another session and answers with the rest', async () => {
    const { client, username, password } = await verifiedAccount(app);
    const device = await secondDevice(username, password);
    const theirs = (await client.get<Sessions>(SESSIONS)).body.data.find((s) => !s.is_current)!;
    const res = await end(client, [theirs.id]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => s.is_current)).toEqual([true]);
    expect((await device.get(`${AUTH}/auth/session`)).status).toBe(401);
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(200);
  });

  it('logs out when the current session is among them', async () => {
    const { client, username, password } = await verifiedAccount(app);
    const device = await secondDevice(username, password);
    const ids = (await client.get<Sessions>(SESSIONS)).body.data.map((s) => s.id);
    const res = await end(client, ids);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ meta: { is_authenticated: false } });
    expect(client.cookies.has('sessionid')).toBe(false);
    expect((await device.get(`${AUTH}/auth/session`)).status).toBe(401);
  });

  it('never ends someone else’s session, and names what is wrong', async () => {
    const victim = await verifiedAccount(app);
    const { client } = await verifiedAccount(app);
    const victimId = (await victim.client.get<Sessions>(SESSIONS)).body.data[0]!.id;
    const res = await end(client, [victimId]);
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      {
        param: 'sessions',
        code: 'invalid_choice',
        message: `Select a valid choice. ${victimId} is not one of the available choices.`,
      },
    ]);
    expect((await victim.client.get(`${AUTH}/auth/session`)).status).toBe(200);
    expect(errorsOf((await end(client, [])).body)[0]!.code).toBe('required');
    expect(errorsOf((await end(client, 'all')).body)[0]!.code).toBe('invalid_list');
    expect(errorsOf((await end(client, ['x'])).body)[0]!.code).toBe('invalid_pk_value');
  });
});
