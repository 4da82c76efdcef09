import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { Stats } from '@voxpad/shared/stats';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
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

const DAY = 24 * 60 * 60 * 1000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function upload(client: TestClient, padId: string, seconds: number): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body: toneWav(seconds),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording.wav"' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function failTranscription(noteId: string) {
  const queue = new TranscriptionQueue(server.db, currentBackend());
  for (;;) {
    const claimed = await queue.claimNext('stats-test', 600_000);
    if (!claimed) throw new Error('nothing to claim');
    if (claimed.id === noteId) break;
  }
  await queue.fail(noteId, 'stats-test', 'The recording could not be decoded.');
}

const backdate = (noteId: string, days: number) =>
  server.db
    .updateTable('voice_notes')
    .set({ created_at: Date.now() - days * DAY })
    .where('id', '=', noteId)
    .execute();

describe('statistics', () => {
  it('requires a login', async () => {
    const client = new TestClient(server.baseUrl);
    await client.prime();
    const res = await client.get('/api/v1/stats/');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, errors: [{ code: 'not_authenticated' }] });
  });

  it('starts at zero, with thirty empty days ending today (UTC)', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const res = await client.get<Stats>('/api/v1/stats/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pad_count: 0,
      voice_note_count: 0,
      total_duration_seconds: 0,
      average_duration_seconds: 0,
      transcribed_word_count: 0,
      status_counts: { pending: 0, processing: 0, done: 0, failed: 0 },
      pads: [],
      queue: { pending: 0, processing: 0, failed: 0, depth: 0 },
      storage: { used_bytes: 0, limit_bytes: server.config.quotas.storageBytes },
      upload_max_bytes: server.config.uploadMaxBytes,
    });
    const days = res.body.notes_per_day;
    expect(days).toHaveLength(30);
    expect(days.every((d) => d.count === 0)).toBe(true);
    expect(days.at(-1)!.date).toBe(utcDate(Date.now()));
    expect(days[0]!.date).toBe(utcDate(Date.now() - 29 * DAY));
    // Consecutive days, oldest first.
    for (let i = 1; i < days.length; i++) {
      expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(DAY);
    }
  });

  it('adds up notes, durations, words, days and pads for their owner only', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const work = (await client.post<Pad>('/api/v1/pad/', { name: 'Work', color: 'blue', icon: '💼' })).body;
    const home = (await client.post<Pad>('/api/v1/pad/', { name: 'Home' })).body;
    await client.post<Pad>('/api/v1/pad/', { name: 'Empty' });
    const a = await upload(client, work.id, 1);
    const b = await upload(client, work.id, 2);
    const c = await upload(client, home.id, 3);
    const old = await upload(client, home.id, 0.5);
    await completeTranscription(server.db, a.id, 'one two three four five');
    await completeTranscription(server.db, b.id, 'six seven eight', { secondsPerWord: 2 / 3 });
    await failTranscription(c.id);
    await backdate(b.id, 3);
    await backdate(old.id, 45);

    // Someone else's notes never show in these numbers.
    const stranger = (await signedUpClient(server.baseUrl)).client;
    const theirs = (await stranger.post<Pad>('/api/v1/pad/', { name: 'Theirs' })).body;
    await upload(stranger, theirs.id, 4);

    const stats = (await client.get<Stats>('/api/v1/stats/')).body;
    expect(stats).toMatchObject({
      pad_count: 3,
      voice_note_count: 4,
      transcribed_word_count: 8,
      status_counts: { pending: 1, processing: 0, done: 2, failed: 1 },
      queue: { pending: 1, processing: 0, failed: 1 },
    });
    // Durations: 5 words × 0.5 s, 3 words × 2/3 s, the failed 3 s WAV and the pending 0.5 s WAV.
    expect(stats.total_duration_seconds).toBeCloseTo(2.5 + 2 + 3 + 0.5, 3);
    expect(stats.average_duration_seconds).toBeCloseTo(8 / 4, 3);

    const byDate = new Map(stats.notes_per_day.map((d) => [d.date, d.count]));
    expect(byDate.get(utcDate(Date.now()))).toBe(2);
    expect(byDate.get(utcDate(Date.now() - 3 * DAY))).toBe(1);
    expect(stats.notes_per_day.reduce((n, d) => n + d.count, 0)).toBe(3);

    expect(stats.pads).toEqual([
      {
        id: home.id,
        name: 'Home',
        color: 'slate',
        icon: null,
        voice_note_count: 2,
        total_duration_seconds: 3.5,
      },
      {
        id: work.id,
        name: 'Work',
        color: 'blue',
        icon: '💼',
        voice_note_count: 2,
        total_duration_seconds: expect.closeTo(4.5, 3),
      },
      {
        id: expect.any(String),
        name: 'Empty',
        color: 'slate',
        icon: null,
        voice_note_count: 0,
        total_duration_seconds: 0,
      },
    ]);
  });

  it("counts only the user's own waiting and running notes in the queue, never other users'", async () => {
    const first = await signedUpClient(server.baseUrl);
    const second = await signedUpClient(server.baseUrl);
    const padOf = async (client: TestClient) => (await client.post<Pad>('/api/v1/pad/', { name: 'Q' })).body;
    const firstPad = await padOf(first.client);
    const secondPad = await padOf(second.client);

    await upload(first.client, firstPad.id, 0.2);
    await upload(first.client, firstPad.id, 0.2);
    await upload(second.client, secondPad.id, 0.2);

    const mine = (await first.client.get<Stats>('/api/v1/stats/')).body.queue;
    const theirs = (await second.client.get<Stats>('/api/v1/stats/')).body.queue;
    expect(mine).toEqual({ pending: 2, processing: 0, failed: 0, depth: 2 });
    expect(theirs).toEqual({ pending: 1, processing: 0, failed: 0, depth: 1 });
  });

  it('shows the stored audio against the storage quota', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Sizes' })).body;
    const a = await upload(client, pad.id, 0.5);
    const b = await upload(client, pad.id, 0.25);
    const { storage } = (await client.get<Stats>('/api/v1/stats/')).body;
    expect(storage).toEqual({
      used_bytes: a.size_bytes + b.size_bytes,
      limit_bytes: server.config.quotas.storageBytes,
    });
  });
});
