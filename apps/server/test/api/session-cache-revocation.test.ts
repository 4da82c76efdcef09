import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, verifiedAccount } from '../support/accounts.ts';
import { TestClient } from '../support/http-client.ts';

/**
 * Issue 24: every authenticated GET reads its session (and the pad-list version) from a cache
 * kept exact by the database generation (ADR 0013, 0023), and its csrftoken from a memo per
 * cookie (ADR 0060). A session that ends must be refused on the very next request, however
 * warm those caches are for it.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const PADS = '/api/v1/pad/';
const SESSION = `${AUTH}/auth/session`;

/** Pad-list requests that leave the session, its csrftoken and the list cached for `client`. */
let made = 0;
async function warm(client: TestClient): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await client.get(PADS)).status).toBe(200);
  expect((await client.post(PADS, { name: `warm ${++made}` })).status).toBe(201);
  expect((await client.get(PADS)).status).toBe(200);
}

/** A second browser holding a copy of `client`'s cookies (an old tab, or a stolen cookie). */
function copyOf(client: TestClient): TestClient {
  const copy = new TestClient(client.baseUrl);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function loggedInAgain(username: string, password: string): Promise<TestClient> {
  const device = await browser(app);
  expect((await device.post(`${AUTH}/auth/login`, { username, password })).status).toBe(200);
  return device;
}

describe('a session that ends is refused at once, with every cache warm for it', () => {
  it('after logout: GETs and POSTs with the old cookies are refused', async () => {
    const { client } = await verifiedAccount(app);
    await warm(client);
    const old = copyOf(client);
    await warm(old);
    expect((await client.delete(SESSION)).status).toBe(401);
    expect((await old.get(PADS)).status).toBe(401);
    // Its csrftoken is still the right one for its cookie: the session check refuses it.
    expect((await old.post(PADS, { name: 'after logout' })).status).toBe(401);
  });

  it('after the session is ended from another device', async () => {
    const { client, username, password } = await verifiedAccount(app);
    const device = await loggedInAgain(username, password);
    await warm(device);
    const sessions = await client.get<{ data: { id: number; is_current: boolean }[] }>(
      `${AUTH}/auth/sessions`,
    );
    const theirs = sessions.body.data.find((s) => !s.is_current)!;
    const ended = await client.request('DELETE', `${AUTH}/auth/sessions`, {
      json: { sessions: [theirs.id] },
    });
    expect(ended.status).toBe(200);
    expect((await device.get(PADS)).status).toBe(401);
    expect((await device.post(PADS, { name: 'after revocation' })).status).toBe(401);
    expect((await client.get(PADS)).status).toBe(200);
  });

  it('after a password change elsewhere: the other devices are out, this one carries on', async () => {
    const { client, username, password } = await verifiedAccount(app);
    const device = await loggedInAgain(username, password);
    await warm(device);
    await warm(client);
    const changed = await client.post(`${AUTH}/account/password/change`, {
      current_password: password,
      new_password: 'a brand new and lengthy passphrase',
    });
    expect(changed.status).toBe(200);
    expect((await device.get(PADS)).status).toBe(401);
    expect((await client.get(PADS)).status).toBe(200);
  });
});
