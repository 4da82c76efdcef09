import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiToken, CreatedApiToken } from '@voxpad/shared/api-tokens';
import { AUTH, browser, errorsOf, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import type { TestClient } from '../support/http-client.ts';
import { resetKeyIn } from '../support/mailbox.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 9, finding 5: personal API tokens outlived a password reset, never expired and had no
 * count limit. Tokens are used on the real /v1 endpoint: an empty multipart body answers 400
 * once the token is accepted, 401 when it is not.
 */
const MAX = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ API_TOKENS_MAX_PER_USER: String(MAX) });
});
afterAll(() => app.close());

async function create(client: TestClient, body: Record<string, unknown>) {
  return client.post<CreatedApiToken>('/api/v1/tokens/', body);
}

async function tokenOf(client: TestClient, name: string, extra: Record<string, unknown> = {}) {
  const res = await create(client, { name, ...extra });
  expect(res.status).toBe(201);
  return res.body;
}

async function useToken(token: string) {
  const res = await fetch(`${app.baseUrl}/v1/audio/transcriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: new FormData(),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function listed(client: TestClient): Promise<ApiToken[]> {
  return (await client.get<{ results: ApiToken[] }>('/api/v1/tokens/')).body.results;
}

describe('API tokens and password resets', () => {
  it("revokes every token of the account when its password is reset, and nobody else's", async () => {
    const victim = await verifiedAccount(app);
    const other = await verifiedAccount(app);
    const first = await tokenOf(victim.client, 'laptop');
    const second = await tokenOf(victim.client, 'made by an intruder');
    const unrelated = await tokenOf(other.client, 'other person');
    expect((await useToken(first.token)).status).toBe(400);

    const before = app.mailbox.for(victim.email).length;
    const requested = await (
      await browser(app)
    ).post(`${AUTH}/auth/password/request`, { email: victim.email });
    expect(requested.status).toBe(200);
    const mail = await app.mailbox.waitFor(victim.email, { subject: /Password Reset/, after: before });
    const reset = await (
      await browser(app)
    ).post(`${AUTH}/auth/password/reset`, { key: resetKeyIn(mail), password: 'a brand new passphrase' });
    expect(reset.status).toBe(401);

    expect((await useToken(first.token)).status).toBe(401);
    expect((await useToken(second.token)).status).toBe(401);
    expect((await useToken(unrelated.token)).status).toBe(400);
    const rows = await app.db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .select('api_tokens.id')
      .where('users.username', '=', victim.username)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('API token expiry', () => {
  it('takes an optional lifetime of 7, 30, 90 or 365 days and lists when it ends', async () => {
    const { client } = await verifiedAccount(app);
    const weekly = await tokenOf(client, 'weekly', { expires_in_days: 7 });
    expect(Date.parse(weekly.expires_at!) - Date.parse(weekly.created_at)).toBe(7 * DAY_MS);
    const forever = await tokenOf(client, 'forever', { expires_in_days: null });
    expect(forever.expires_at).toBeNull();
    const unsaid = await tokenOf(client, 'unsaid');
    expect(unsaid.expires_at).toBeNull();

    expect(await listed(client)).toEqual([
      { id: unsaid.id, name: 'unsaid', created_at: unsaid.created_at, last_used_at: null, expires_at: null },
      {
        id: forever.id,
        name: 'forever',
        created_at: forever.created_at,
        last_used_at: null,
        expires_at: null,
      },
      {
        id: weekly.id,
        name: 'weekly',
        created_at: weekly.created_at,
        last_used_at: null,
        expires_at: weekly.expires_at,
      },
    ]);
  });

  it('refuses other lifetimes with a message naming the choices', async () => {
    const { client } = await verifiedAccount(app);
    for (const expires_in_days of [31, 0, -7, '30', 1e9]) {
      const res = await create(client, { name: 'odd', expires_in_days });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 400,
        errors: [
          {
            code: 'invalid',
            param: 'expires_in_days',
            message: 'Choose when the token expires: in 7, 30, 90 or 365 days, or never (null).',
          },
        ],
      });
    }
    expect(await listed(client)).toEqual([]);
  });

  it('refuses an expired token on /v1 exactly like an unknown one, and keeps listing it', async () => {
    const { client } = await verifiedAccount(app);
    const token = await tokenOf(client, 'short-lived', { expires_in_days: 30 });
    expect((await useToken(token.token)).status).toBe(400);

    const expiredAt = Date.now() - 1000;
    await app.db
      .updateTable('api_tokens')
      .set({ expires_at: expiredAt })
      .where('id', '=', token.id)
      .execute();
    const refused = await useToken(token.token);
    const unknown = await useToken(`vxp_${'A'.repeat(43)}`);
    expect(refused.status).toBe(401);
    expect(refused).toEqual(unknown);
    expect(refused.body).toMatchObject({ error: { type: 'invalid_request_error' } });

    const [row] = await listed(client);
    expect(row).toMatchObject({ id: token.id, expires_at: new Date(expiredAt).toISOString() });
  });
});

describe('API token count limit', () => {
  it('refuses a token beyond API_TOKENS_MAX_PER_USER with 409 until one is revoked or expired', async () => {
    const { client } = await verifiedAccount(app);
    const tokens = [];
    for (let i = 0; i < MAX; i++) tokens.push(await tokenOf(client, `token ${i}`));

    const refused = await create(client, { name: 'one too many' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 409,
      errors: [
        {
          code: 'too_many_api_tokens',
          message: `You already have ${MAX} API tokens, the most one account can hold. Revoke one you no longer use, then create the new one.`,
        },
      ],
    });
    expect(await listed(client)).toHaveLength(MAX);

    // Another account has its own allowance.
    expect((await create((await verifiedAccount(app)).client, { name: 'mine' })).status).toBe(201);

    expect((await client.delete(`/api/v1/tokens/${tokens[0]!.id}/`)).status).toBe(204);
    expect((await create(client, { name: 'after revoking' })).status).toBe(201);
    expect((await create(client, { name: 'full again' })).status).toBe(409);

    // An expired token no longer counts (it stays listed until revoked).
    await app.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', tokens[1]!.id)
      .execute();
    expect((await create(client, { name: 'replacing the expired one' })).status).toBe(201);
    expect(await listed(client)).toHaveLength(MAX + 1);
  });

  it('holds under concurrent requests', async () => {
    const { client } = await verifiedAccount(app);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(client, { name: `racer ${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const live = await listed(client);
    expect(live.length).toBeLessThanOrEqual(MAX);
    expect(statuses.filter((s) => s === 201)).toHaveLength(live.length);
  });
});

describe('API token last use', () => {
  it('is written at most once a minute per token', async () => {
    const { client } = await verifiedAccount(app);
    const token = await tokenOf(client, 'busy script');
    expect((await useToken(token.token)).status).toBe(400);
    const first = (await listed(client))[0]!.last_used_at;
    expect(first).not.toBeNull();
    expect((await useToken(token.token)).status).toBe(400);
    expect((await listed(client))[0]!.last_used_at).toBe(first);

    const longAgo = Date.now() - 61_000;
    await app.db
      .updateTable('api_tokens')
      .set({ last_used_at: longAgo })
      .where('id', '=', token.id)
      .execute();
    expect((await useToken(token.token)).status).toBe(400);
    expect(Date.parse((await listed(client))[0]!.last_used_at!)).toBeGreaterThan(longAgo + 60_000);
  });
});

/**
 * Issue 19, finding 5: tokens were made without a recent authentication, nobody was told, and
 * the sessions page could not end them. Logging a browser out leaves them be (they are for
 * scripts, ADR 0027); the sessions page ends them all on request.
 */
describe('API tokens are a sensitive change', () => {
  it('asks for a recent authentication before making one, then mails the owner', async () => {
    const person = await verifiedAccount(app);
    await ageAuthentication(app, person.client, PAST_REAUTHENTICATION_MS);
    const refused = await create(person.client, { name: 'made while away' });
    expect(refused.status).toBe(403);
    expect(errorsOf(refused.body)).toEqual([
      { code: 'reauthentication_required', message: expect.stringMatching(/confirm it’s you/) },
    ]);
    expect(await listed(person.client)).toEqual([]);

    const again = await person.client.post(`${AUTH}/auth/reauthenticate`, { password: person.password });
    expect(again.status).toBe(200);
    const made = await tokenOf(person.client, 'deploy script');
    const mail = await app.mailbox.waitFor(person.email, { subject: /API Token Created/ });
    expect(mail.text).toContain('“deploy script”');
    expect(mail.text).toContain(`${app.baseUrl}/account/api-tokens`);
    expect(mail.text).not.toContain(made.token);
  });

  it('keeps tokens through a logout and ending other sessions, and ends them all on request', async () => {
    const person = await verifiedAccount(app);
    const other = await verifiedAccount(app);
    const script = await tokenOf(person.client, 'backup script');
    const unrelated = await tokenOf(other.client, 'someone else');

    // Another browser of the same person logs out and is signed out from here: tokens stay.
    const laptop = await browser(app);
    expect(
      (await laptop.post(`${AUTH}/auth/login`, { username: person.username, password: person.password }))
        .status,
    ).toBe(200);
    const sessions = await person.client.get<{ data: { id: number; is_current: boolean }[] }>(
      `${AUTH}/auth/sessions`,
    );
    const others = sessions.body.data.filter((s) => !s.is_current).map((s) => s.id);
    expect(
      (await person.client.request('DELETE', `${AUTH}/auth/sessions`, { json: { sessions: others } })).status,
    ).toBe(200);
    expect((await useToken(script.token)).status).toBe(400);

    const ended = await person.client.request('DELETE', '/api/v1/tokens/');
    expect(ended.status).toBe(204);
    expect((await useToken(script.token)).status).toBe(401);
    expect(await listed(person.client)).toEqual([]);
    expect((await useToken(unrelated.token)).status).toBe(400);

    const kept = await tokenOf(person.client, 'new script');
    expect((await person.client.request('DELETE', `${AUTH}/auth/session`)).status).toBe(401);
    expect((await useToken(kept.token)).status).toBe(400);
    expect((await (await browser(app)).request('DELETE', '/api/v1/tokens/')).status).toBe(401);
  });
});
