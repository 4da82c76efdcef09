/**
 * Workers wake at once on new work and progress reaches a browser on any API process
 * (issue 14): PostgreSQL LISTEN/NOTIFY between processes, an in-process signal on SQLite.
 * Workers here poll only once a minute, so a claim within seconds can only come from a signal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { toneWav } from '../support/wav.ts';

// Workers and progress streams re-read the database only once a minute without a signal.
const SLOW_POLL = { JOB_POLL_MS: '60000', PROGRESS_STREAM_POLL_MS: '60000' };
const apps: TestApp[] = [];
let api: TestApp;
let worker: TestApp;
let client: TestClient;
let pad: Pad;

beforeAll(async () => {
  if (currentBackend() === 'postgres') {
    // Two processes' worth of app on one database: an API without a worker, a worker without API.
    api = await startTestApp({ ROLE: 'api', ...SLOW_POLL });
    // Same database and files (local storage); only the signal connects them.
    const database = api.config.database;
    worker = await startTestApp({
      ROLE: 'worker',
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
      DATA_DIR: api.dataDir,
      ...SLOW_POLL,
    });
    apps.push(api, worker);
  } else {
    api = await startTestApp({ ROLE: 'all', ...SLOW_POLL });
    worker = api;
    apps.push(api);
  }
  ({ client } = await signedUpClient(api.baseUrl));
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Signals' })).body;
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});

async function statusOf(noteId: string): Promise<string> {
  const row = await api.db
    .selectFrom('voice_notes')
    .select('status')
    .where('id', '=', noteId)
    .executeTakeFirst();
  return row?.status ?? 'missing';
}

describe(`job signals (${currentBackend() === 'postgres' ? 'LISTEN/NOTIFY between an API and a worker' : 'in-process'})`, () => {
  it('a worker that polls once a minute starts a newly queued note within seconds', async () => {
    // Let the worker finish its first look at the queue and go to sleep.
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: toneWav(1),
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="a.wav"' },
    });
    expect(res.status).toBe(201);
    let status = await statusOf(res.body.id);
    while (status === 'pending' && Date.now() - started < 15_000) {
      await new Promise((r) => setTimeout(r, 50));
      status = await statusOf(res.body.id);
    }
    expect(status).not.toBe('pending');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("the worker's progress reaches a browser connected to the API process", async () => {
    const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: toneWav(2),
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="b.wav"' },
    });
    expect(res.status).toBe(201);
    const events = await fetch(`${api.baseUrl}/api/v1/pad/${pad.id}/voicenote/${res.body.id}/events/`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const deadline = Date.now() + 20_000;
    while (!/"status":"(done|failed)"/.test(text) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await reader.cancel();
    expect(text).toMatch(/"status":"(done|failed)"/);
  });
});
