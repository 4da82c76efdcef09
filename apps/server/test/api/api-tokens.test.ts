import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiToken, CreatedApiToken } from '@voxpad/shared/api-tokens';
import { signedUpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('personal API tokens', () => {
  it('creates a token shown once, lists it without the value and stores only its hash', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const created = await client.post<CreatedApiToken>('/api/v1/tokens/', { name: '  laptop script ' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toMatchObject({ name: 'laptop script', last_used_at: null });
    expect(created.body.token).toMatch(/^vxp_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.body.created_at)).not.toBeNaN();

    const list = await client.get<{ results: ApiToken[] }>('/api/v1/tokens/');
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([
      {
        id: created.body.id,
        name: 'laptop script',
        created_at: created.body.created_at,
        last_used_at: null,
        expires_at: null,
      },
    ]);
    expect(list.text).not.toContain(created.body.token);

    const row = await app.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(created.body.token.slice(4));
  });

  it('records last use when the token authenticates, and revoking stops it working', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const { body: token } = await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'cli' });
    const use = () =>
      fetch(`${app.baseUrl}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.token}` },
        body: new FormData(),
      });
    // Authenticated (400: no file), not 401.
    expect((await use()).status).toBe(400);
    const listed = await client.get<{ results: ApiToken[] }>('/api/v1/tokens/');
    expect(listed.body.results[0]!.last_used_at).not.toBeNull();

    const revoked = await client.delete(`/api/v1/tokens/${token.id}/`);
    expect(revoked.status).toBe(204);
    expect((await use()).status).toBe(401);
    expect((await client.get<{ results: ApiToken[] }>('/api/v1/tokens/')).body.results).toEqual([]);
    expect((await client.delete(`/api/v1/tokens/${token.id}/`)).status).toBe(404);
  });

  it("is owner-scoped: another user's token is not found and not listed", async () => {
    const alice = await signedUpClient(app.baseUrl);
    const bob = await signedUpClient(app.baseUrl);
    const { body: token } = await alice.client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'alice' });
    expect((await bob.client.get<{ results: ApiToken[] }>('/api/v1/tokens/')).body.results).toEqual([]);
    const attempt = await bob.client.delete(`/api/v1/tokens/${token.id}/`);
    expect(attempt.status).toBe(404);
    expect(attempt.body).toMatchObject({ status: 404, errors: [{ code: 'not_found' }] });
    expect((await alice.client.get<{ results: ApiToken[] }>('/api/v1/tokens/')).body.results).toHaveLength(1);
  });

  it('validates the name and requires a session and the CSRF header', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const blank = await client.post('/api/v1/tokens/', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ errors: [{ param: 'name' }] });
    expect((await client.post('/api/v1/tokens/', {})).status).toBe(400);
    expect((await client.post('/api/v1/tokens/', { name: 'x'.repeat(101) })).status).toBe(400);

    client.sendCsrf = false;
    expect((await client.post('/api/v1/tokens/', { name: 'no csrf' })).status).toBe(403);

    const anonymous = await fetch(`${app.baseUrl}/api/v1/tokens/`);
    expect(anonymous.status).toBe(401);
  });
});
