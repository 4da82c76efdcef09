import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

describe('pads', () => {
  it('requires a login', async () => {
    const client = new TestClient(server.baseUrl);
    await client.prime();
    const list = await client.get('/api/v1/pad/');
    expect(list.status).toBe(401);
    expect(list.body).toMatchObject({ status: 401, errors: [{ code: 'not_authenticated' }] });
    expect((await client.post('/api/v1/pad/', { name: 'x' })).status).toBe(401);
  });

  it('creates, reads, updates and deletes a pad', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const created = await client.post<Pad>('/api/v1/pad/', {
      name: '  Groceries ',
      description: 'Things to buy',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Groceries',
      description: 'Things to buy',
      voice_note_count: 0,
      total_duration_seconds: 0,
    });
    const id = created.body.id;
    expect((await client.get<Pad>(`/api/v1/pad/${id}/`)).body.name).toBe('Groceries');

    const updated = await client.put<Pad>(`/api/v1/pad/${id}/`, { id, name: 'Shopping', description: '' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Shopping', description: '' });

    expect((await client.delete(`/api/v1/pad/${id}/`)).status).toBe(204);
    expect((await client.get(`/api/v1/pad/${id}/`)).status).toBe(404);
    expect((await client.delete(`/api/v1/pad/${id}/`)).status).toBe(404);
  });

  it('explains invalid input field by field', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const empty = await client.post('/api/v1/pad/', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      status: 400,
      errors: [{ code: 'invalid', param: 'name', message: 'Give the pad a name.' }],
    });
    const missing = await client.post('/api/v1/pad/', {});
    expect(missing.body).toMatchObject({ errors: [{ param: 'name', code: 'required' }] });
    const long = await client.post('/api/v1/pad/', { name: 'x'.repeat(121) });
    expect(long.body).toMatchObject({ errors: [{ param: 'name', code: 'too_long' }] });
    const wrongType = await client.post('/api/v1/pad/', { name: 42 });
    expect(wrongType.status).toBe(400);
    const notJson = await client.request('POST', '/api/v1/pad/', {
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    const huge = await client.request('POST', '/api/v1/pad/', {
      body: JSON.stringify({ name: 'x', description: 'y'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ errors: [{ code: 'payload_too_large' }] });
  });

  it('lists newest first in cursor pages that walk both ways', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const names: string[] = [];
    for (let i = 0; i < 45; i++) {
      names.push(`pad ${i}`);
      await client.post('/api/v1/pad/', { name: `pad ${i}` });
    }
    const newestFirst = [...names].reverse();
    const first = await client.get<Page<Pad>>('/api/v1/pad/');
    expect(first.body.results.map((p) => p.name)).toEqual(newestFirst.slice(0, 20));
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toEqual(expect.any(String));

    const second = await client.get<Page<Pad>>(`/api/v1/pad/?cursor=${first.body.next}`);
    expect(second.body.results.map((p) => p.name)).toEqual(newestFirst.slice(20, 40));
    const third = await client.get<Page<Pad>>(`/api/v1/pad/?cursor=${second.body.next}`);
    expect(third.body.results.map((p) => p.name)).toEqual(newestFirst.slice(40));
    expect(third.body.next).toBeNull();

    const back = await client.get<Page<Pad>>(`/api/v1/pad/?cursor=${third.body.previous}`);
    expect(back.body.results.map((p) => p.name)).toEqual(newestFirst.slice(20, 40));
    const backAgain = await client.get<Page<Pad>>(`/api/v1/pad/?cursor=${back.body.previous}`);
    expect(backAgain.body.results.map((p) => p.name)).toEqual(newestFirst.slice(0, 20));
    expect(backAgain.body.previous).toBeNull();

    const small = await client.get<Page<Pad>>('/api/v1/pad/?limit=5');
    expect(small.body.results).toHaveLength(5);
  });

  it('rejects forged cursors and silly limits', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const bad = await client.get('/api/v1/pad/?cursor=%27%20OR%201%3D1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ param: 'cursor' }] });
    expect((await client.get('/api/v1/pad/?limit=100000')).status).toBe(400);
    expect((await client.get('/api/v1/pad/?limit=-1')).status).toBe(400);
  });

  it("never shows, changes or deletes another user's pad", async () => {
    const alice = (await signedUpClient(server.baseUrl)).client;
    const bob = (await signedUpClient(server.baseUrl)).client;
    const pad = (await alice.post<Pad>('/api/v1/pad/', { name: 'Private' })).body;
    expect((await bob.get(`/api/v1/pad/${pad.id}/`)).status).toBe(404);
    expect((await bob.put(`/api/v1/pad/${pad.id}/`, { id: pad.id, name: 'Mine now' })).status).toBe(404);
    expect((await bob.delete(`/api/v1/pad/${pad.id}/`)).status).toBe(404);
    expect((await bob.get<Page<Pad>>('/api/v1/pad/')).body.results).toEqual([]);
    expect((await alice.get<Pad>(`/api/v1/pad/${pad.id}/`)).body.name).toBe('Private');
  });
});
