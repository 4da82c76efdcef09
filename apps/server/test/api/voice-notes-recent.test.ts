import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { RecentVoiceNotes } from '@voxpad/shared/recent-voice-notes';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

const RECENT = '/api/v1/voicenote/recent/';

async function createPad(client: TestClient, name: string): Promise<Pad> {
  const res = await client.post<Pad>('/api/v1/pad/', { name });
  expect(res.status).toBe(201);
  return res.body;
}

async function upload(client: TestClient, padId: string): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body: toneWav(1),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording.wav"' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Notes created in one millisecond would tie; spread them so "newest" is unambiguous. */
const setCreated = (noteId: string, at: number) =>
  server.db.updateTable('voice_notes').set({ created_at: at }).where('id', '=', noteId).execute();

describe('recent voice notes across pads', () => {
  it('requires a login', async () => {
    const client = new TestClient(server.baseUrl);
    await client.prime();
    const res = await client.get(RECENT);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, errors: [{ code: 'not_authenticated' }] });
  });

  it('is empty for a new account', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const res = await client.get<RecentVoiceNotes>(RECENT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [] });
  });

  it('lists the newest notes of every pad first, with pad names, and honours the limit', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const work = await createPad(client, 'Work');
    const home = await createPad(client, 'Home');
    const oldest = await upload(client, work.id);
    const middle = await upload(client, home.id);
    const newest = await upload(client, work.id);
    const now = Date.now();
    await setCreated(oldest.id, now - 3000);
    await setCreated(middle.id, now - 2000);
    await setCreated(newest.id, now - 1000);

    const all = await client.get<RecentVoiceNotes>(RECENT);
    expect(all.status).toBe(200);
    expect(all.body.results.map((n) => [n.id, n.pad_name])).toEqual([
      [newest.id, 'Work'],
      [middle.id, 'Home'],
      [oldest.id, 'Work'],
    ]);
    expect(all.body.results[0]).toEqual({
      id: newest.id,
      pad_id: work.id,
      pad_name: 'Work',
      title: 'Voice note',
      status: 'pending',
      duration_seconds: newest.duration_seconds,
      snippet: null,
      created_at: new Date(now - 1000).toISOString(),
      tags: [],
    });

    const two = await client.get<RecentVoiceNotes>(`${RECENT}?limit=2`);
    expect(two.body.results.map((n) => n.id)).toEqual([newest.id, middle.id]);
  });

  it('never shows another account’s notes', async () => {
    const owner = await signedUpClient(server.baseUrl);
    const pad = await createPad(owner.client, 'Private');
    const note = await upload(owner.client, pad.id);
    const other = await signedUpClient(server.baseUrl);
    const res = await other.client.get<RecentVoiceNotes>(RECENT);
    expect(res.status).toBe(200);
    expect(res.body.results.map((n) => n.id)).not.toContain(note.id);
    expect(res.body.results).toEqual([]);
  });

  it('gives a snippet of the transcript: whole when short, cut at a word with "…" when long', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = await createPad(client, 'Ideas');
    const short = await upload(client, pad.id);
    const long = await upload(client, pad.id);
    await completeTranscription(server.db, short.id, 'Buy milk and eggs');
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    await completeTranscription(server.db, long.id, words);

    const res = await client.get<RecentVoiceNotes>(RECENT);
    const byId = new Map(res.body.results.map((n) => [n.id, n]));
    // Snippets show the transcript as it reads (ADR 0033).
    expect(byId.get(short.id)).toMatchObject({ status: 'done', snippet: 'Buy milk and eggs.' });
    const snippet = byId.get(long.id)!.snippet!;
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(161);
    expect(`W${words.slice(1)}`.startsWith(snippet.slice(0, -1))).toBe(true);
    // Cut between words, never inside one.
    expect(words.charAt(snippet.length - 1)).toBe(' ');
  });

  it('refuses a limit out of range, naming the parameter', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    for (const limit of ['0', '51', 'many']) {
      const res = await client.get(`${RECENT}?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, errors: [{ param: 'limit' }] });
    }
  });
});
