import http from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { cookieHeader } from '../support/raw-request.ts';
import { S3TestServer } from '../support/s3-server.ts';
import { toneWav } from '../support/wav.ts';
import { FixtureDir, speak } from '../transcription/support/speech.ts';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';

/** Voice notes with S3 storage (S3_BUCKET set), against s3rver on loopback. */
let s3: S3TestServer;
let server: TestApp;
let bucket: string;

beforeAll(async () => {
  s3 = await S3TestServer.start();
  bucket = await s3.newBucket();
  server = await startTestApp(s3.env(bucket));
});

afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const objects = () => s3.keys(bucket);

const upload = (client: TestClient, padId: string, body: Buffer) =>
  client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body,
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording.wav"' },
  });

async function userWithPad() {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
  return { client, pad };
}

const notesIn = async (client: TestClient, padId: string) =>
  (await client.get<Page<VoiceNote>>(`/api/v1/pad/${padId}/voicenote/`)).body.results;

/** Sends `bytes` of a larger declared body, then drops the connection. */
function interruptedUpload(
  client: TestClient,
  padId: string,
  bytes: Buffer,
  declared: number,
): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(new URL(`/api/v1/pad/${padId}/voicenote/`, server.baseUrl), {
      method: 'POST',
      headers: {
        cookie: cookieHeader(client.cookies),
        'x-csrftoken': client.cookies.get('csrftoken') ?? '',
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="recording.wav"',
        'content-length': String(declared),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      resolve();
    });
    req.write(bytes, () => setTimeout(() => req.destroy(), 300));
  });
}

describe('voice notes on S3', () => {
  it('stores the audio as an object, plays it by range, and deletes it with the note', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(1);
    const created = await upload(client, pad.id, wav);
    expect(created.status).toBe(201);
    const note = created.body;
    expect(await objects()).toEqual([expect.stringMatching(new RegExp(`^audio/.+/${note.id}\\.wav$`))]);

    const cookie = cookieHeader(client.cookies);
    const whole = await fetch(server.baseUrl + note.audio_url, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true);

    const ranged = await fetch(server.baseUrl + note.audio_url, {
      headers: { cookie, range: 'bytes=100-1099' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-1099/${wav.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(wav.subarray(100, 1100))).toBe(true);

    const suffix = await fetch(server.baseUrl + note.audio_url, { headers: { cookie, range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(wav.subarray(wav.length - 10))).toBe(true);

    expect((await client.delete(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`)).status).toBe(204);
    expect(await objects()).toEqual([]);
  });

  it.each([
    ['before the first part is full', 64 * 1024],
    ['after parts went out', 13 * 1024 * 1024],
  ])('leaves neither note nor object when the client goes away %s', async (_when, sent) => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(sent / 32_000 + 1);
    await interruptedUpload(client, pad.id, wav.subarray(0, sent), wav.length);
    // The server notices the disconnect on its own time; the multipart upload is abandoned.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expect.poll(objects, { timeout: 10_000, interval: 200 }).toEqual([]);
    expect(await notesIn(client, pad.id)).toEqual([]);
  });

  it('answers 503 while S3 is down, stores nothing, and works again once it is back', async () => {
    const { client, pad } = await userWithPad();
    const kept = (await upload(client, pad.id, toneWav(0.5))).body;
    const before = await objects();
    await s3.stop();
    try {
      for (const body of [toneWav(0.5), toneWav(300)]) {
        const refused = await upload(client, pad.id, body);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(refused.body).toEqual({
          status: 503,
          errors: [
            { code: 'storage_unavailable', message: 'Storage is unavailable, try again in a moment.' },
          ],
        });
      }
      const playback = await client.get(kept.audio_url);
      expect(playback.status).toBe(503);
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { database: 'ok', storage: 'not writable' } });
      expect((await notesIn(client, pad.id)).map((n) => n.id)).toEqual([kept.id]);
    } finally {
      await s3.restart();
    }
    expect(await objects()).toEqual(before);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const again = await upload(client, pad.id, toneWav(0.5));
    expect(again.status).toBe(201);
    expect((await client.get(again.body.audio_url)).status).toBe(200);
    expect(await objects()).toHaveLength(before.length + 1);
  });
});

describe('a worker and /v1 on S3', () => {
  let worker: TestApp;
  let fixtures: FixtureDir;
  let speech: Buffer;
  let workerBucket: string;
  beforeAll(async () => {
    fixtures = new FixtureDir();
    speech = readFileSync(speak('please remember to buy milk and bread', fixtures.file('speech.wav')));
    workerBucket = await s3.newBucket();
    worker = await startTestApp({ ...s3.env(workerBucket), ROLE: 'all', TRANSCRIBER: 'pocketsphinx' });
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    fixtures?.remove();
  });

  it('transcribes audio it reads back from S3', async () => {
    const { client } = await signedUpClient(worker.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
    const note = (await upload(client, pad.id, speech)).body;
    await expect
      .poll(
        async () => (await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`)).body.status,
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe('done');
    const done = (await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`)).body;
    expect(done.transcript).toMatch(/milk/);
  });

  it('answers /v1 with 503 in its own error shape while S3 is down, filing nothing', async () => {
    const { client } = await signedUpClient(worker.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
    const token = (await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 's3' })).body.token;
    const before = await s3.keys(workerBucket);
    await s3.stop();
    try {
      const data = new FormData();
      data.append('file', new Blob([speech], { type: 'audio/wav' }), 'groceries.wav');
      data.append('pad_id', pad.id);
      const response = await fetch(`${worker.baseUrl}/v1/audio/transcriptions`, {
        method: 'POST',
        body: data,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        error: { message: 'Storage is unavailable, try again in a moment.', type: 'server_error' },
      });
    } finally {
      await s3.restart();
    }
    expect(await notesIn(client, pad.id)).toEqual([]);
    expect(await s3.keys(workerBucket)).toEqual(before);
  });
});
