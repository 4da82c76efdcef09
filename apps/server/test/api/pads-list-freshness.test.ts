import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { createDatabase } from '../../src/db/database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { toneWav } from '../support/wav.ts';

/**
 * The pad list reuses pages it has built while the owner's pad-list version (raised by
 * database triggers) is unchanged, and answers conditional GETs with 304. Every kind of
 * change must show on the very next read, including writes that bypass this process.
 */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

const list = (client: TestClient, query = '') => client.get<Page<Pad>>(`/api/v1/pad/${query}`);

async function upload(client: TestClient, padId: string, seconds: number) {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body: toneWav(seconds),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="r.wav"' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('pad list freshness', () => {
  it('shows every change to pads and their notes on the next read', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const a = (await client.post<Pad>('/api/v1/pad/', { name: 'A' })).body;
    expect((await list(client)).body.results.map((p) => p.name)).toEqual(['A']);

    const b = (await client.post<Pad>('/api/v1/pad/', { name: 'B' })).body;
    expect((await list(client)).body.results.map((p) => p.name)).toEqual(['B', 'A']);

    await client.put(`/api/v1/pad/${a.id}/`, { name: 'A renamed', description: '' });
    expect((await list(client)).body.results.map((p) => p.name)).toEqual(['B', 'A renamed']);

    const note = await upload(client, a.id, 0.5);
    let pads = (await list(client)).body.results;
    expect(pads.find((p) => p.id === a.id)).toMatchObject({ voice_note_count: 1 });

    // Moving a note changes both pads' counts.
    await client.request('PATCH', `/api/v1/pad/${a.id}/voicenote/${note.id}/`, { json: { pad_id: b.id } });
    pads = (await list(client)).body.results;
    expect(pads.find((p) => p.id === a.id)).toMatchObject({ voice_note_count: 0 });
    expect(pads.find((p) => p.id === b.id)).toMatchObject({ voice_note_count: 1 });

    await client.delete(`/api/v1/pad/${b.id}/voicenote/${note.id}/`);
    expect((await list(client)).body.results.find((p) => p.id === b.id)).toMatchObject({
      voice_note_count: 0,
    });

    await client.delete(`/api/v1/pad/${b.id}/`);
    expect((await list(client)).body.results.map((p) => p.name)).toEqual(['A renamed']);
  });

  it('shows writes made behind its back (another process, a worker) at once', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Before' })).body;
    const note = await upload(client, pad.id, 0.5);
    expect((await list(client)).body.results[0]).toMatchObject({ name: 'Before' });

    // As a second API node or the transcription worker would: straight to the database.
    await server.db.updateTable('pads').set({ name: 'After' }).where('id', '=', pad.id).execute();
    expect((await list(client)).body.results[0]).toMatchObject({ name: 'After' });

    await server.db
      .updateTable('voice_notes')
      .set({ duration_seconds: 42 })
      .where('id', '=', note.id)
      .execute();
    expect((await list(client)).body.results[0]).toMatchObject({ total_duration_seconds: 42 });
  });

  it('shows commits by another process (its own database connection) at once', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Mine' })).body;
    expect((await list(client)).body.results[0]).toMatchObject({ name: 'Mine' });
    const other = createDatabase(server.config.database);
    try {
      await other.updateTable('pads').set({ name: 'Theirs' }).where('id', '=', pad.id).execute();
      expect((await list(client)).body.results[0]).toMatchObject({ name: 'Theirs' });
      // A logout elsewhere (the session row deleted by another process) ends this session.
      await other.deleteFrom('sessions').execute();
      expect((await list(client)).status).toBe(401);
    } finally {
      await other.destroy();
    }
  });

  it('serves each page and each user their own list', async () => {
    const first = await signedUpClient(server.baseUrl);
    const second = await signedUpClient(server.baseUrl);
    for (let i = 0; i < 3; i++) await first.client.post('/api/v1/pad/', { name: `First ${i}` });
    await second.client.post('/api/v1/pad/', { name: 'Second' });

    const page1 = await list(first.client, '?limit=2');
    expect(page1.body.results.map((p) => p.name)).toEqual(['First 2', 'First 1']);
    const page2 = await list(first.client, `?limit=2&cursor=${page1.body.next!}`);
    expect(page2.body.results.map((p) => p.name)).toEqual(['First 0']);
    expect((await list(first.client, '?limit=2')).body.results).toHaveLength(2);
    expect((await list(second.client, '?limit=2')).body.results.map((p) => p.name)).toEqual(['Second']);
  });

  it('answers a conditional GET with 304 until the list changes', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    await client.post('/api/v1/pad/', { name: 'One' });
    const res = await list(client);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toContain('Cookie');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);

    const unchanged = await client.get('/api/v1/pad/', { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');

    await client.post('/api/v1/pad/', { name: 'Two' });
    const changed = await client.get<Page<Pad>>('/api/v1/pad/', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.results).toHaveLength(2);
    expect(changed.headers.get('etag')).not.toBe(etag);

    // Another user presenting this user's tag gets their own list, never a 304.
    const other = await signedUpClient(server.baseUrl);
    const theirs = await other.client.get<Page<Pad>>('/api/v1/pad/', { 'if-none-match': etag });
    expect(theirs.status).toBe(200);
    expect(theirs.body.results).toEqual([]);
  });
});
