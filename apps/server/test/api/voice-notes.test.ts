import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { toneWav } from '../support/wav.ts';
import { listFiles } from '../support/files.ts';

let server: TestApp;
const MAX = 64 * 1024;
beforeAll(async () => {
  server = await startTestApp({ UPLOAD_MAX_BYTES: String(MAX) });
});
afterAll(async () => {
  await server.close();
});

const blobs = () =>
  listFiles(path.join(server.dataDir, 'blobs')).then((f) => f.filter((n) => !n.startsWith('.tmp/')));
const tempFiles = () => listFiles(path.join(server.dataDir, 'blobs', '.tmp'));

const upload = (client: TestClient, padId: string, body: Buffer, headers: Record<string, string> = {}) =>
  client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body,
    headers: {
      'content-type': 'audio/wav',
      'content-disposition': 'attachment; filename="recording.wav"',
      ...headers,
    },
  });

async function userWithPad() {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
  return { client, pad };
}

describe('voice notes', () => {
  it('stores an upload as a pending note and serves it back', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(1);
    const res = await upload(client, pad.id, wav);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      pad_id: pad.id,
      title: 'Voice note',
      status: 'pending',
      failure_reason: null,
      content_type: 'audio/wav',
      size_bytes: wav.length,
      transcript: null,
      segments: [],
      progress: 0,
      attempts: 0,
      transcript_edited: false,
    });
    const note = res.body;
    const got = await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`);
    expect(got.body.id).toBe(note.id);
    const list = await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`);
    expect(list.body.results.map((n) => n.id)).toEqual([note.id]);
    const padAfter = await client.get<Pad>(`/api/v1/pad/${pad.id}/`);
    expect(padAfter.body.voice_note_count).toBe(1);

    const audio = await fetch(server.baseUrl + note.audio_url, { headers: { cookie: cookieOf(client) } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await audio.arrayBuffer()).equals(wav)).toBe(true);
  });

  it('serves byte ranges so players can seek', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(1);
    const note = (await upload(client, pad.id, wav)).body;
    const ranged = await fetch(server.baseUrl + note.audio_url, {
      headers: { cookie: cookieOf(client), range: 'bytes=100-199' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${wav.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(wav.subarray(100, 200))).toBe(true);
    const suffix = await fetch(server.baseUrl + note.audio_url, {
      headers: { cookie: cookieOf(client), range: 'bytes=-10' },
    });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(wav.subarray(wav.length - 10))).toBe(true);
    const outside = await fetch(server.baseUrl + note.audio_url, {
      headers: { cookie: cookieOf(client), range: `bytes=${wav.length + 5}-` },
    });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${wav.length}`);
  });

  it('takes the title from the file name when it is not the default one', async () => {
    const { client, pad } = await userWithPad();
    const res = await upload(client, pad.id, toneWav(0.2), {
      'content-disposition': 'attachment; filename="../../etc/Team standup.wav"',
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Team standup');
  });

  it('refuses empty, oversized, mislabelled and badly described uploads, leaving no files', async () => {
    const { client, pad } = await userWithPad();
    const before = await blobs();
    const empty = await upload(client, pad.id, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      errors: [{ code: 'empty', message: expect.stringMatching(/empty/) }],
    });

    const big = await upload(client, pad.id, Buffer.alloc(MAX + 1));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({
      errors: [{ code: 'payload_too_large', message: expect.stringMatching(/too large/) }],
    });

    const wrongType = await upload(client, pad.id, toneWav(0.1), { 'content-type': 'image/png' });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ errors: [{ code: 'unsupported_media_type' }] });

    const inline = await upload(client, pad.id, toneWav(0.1), { 'content-disposition': 'inline' });
    expect(inline.status).toBe(400);
    expect(inline.body).toMatchObject({ errors: [{ param: 'Content-Disposition' }] });

    expect((await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`)).body.results).toEqual([]);
    expect(await blobs()).toEqual(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('counts streamed bytes, not the declared length, against the limit', async () => {
    const { client, pad } = await userWithPad();
    const before = await blobs();
    // Real WAV bytes first, so the upload is accepted as audio and streamed until it is too big.
    const status = await rawUpload(client, pad.id, [wavHead(), Buffer.alloc(MAX), Buffer.alloc(MAX)], {
      chunked: true,
    });
    expect(status).toBe(413);
    expect(await blobs()).toEqual(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('leaves neither note nor file when the client disconnects mid-upload', async () => {
    const { client, pad } = await userWithPad();
    const before = await blobs();
    await rawUpload(client, pad.id, [wavHead(), Buffer.alloc(20_000)], {
      declaredLength: 60_000,
      abortAfterMs: 100,
    });
    // The server notices the disconnect and cleans up on its own time; wait for it (a busy
    // machine may take a while), then check nothing was left.
    await expect
      .poll(async () => [await blobs(), await tempFiles()], { timeout: 10_000, interval: 100 })
      .toEqual([before, []]);
    expect((await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`)).body.results).toEqual([]);
  });

  it("answers 404 for another user's pad, note and audio", async () => {
    const alice = await userWithPad();
    const bob = await userWithPad();
    const note = (await upload(alice.client, alice.pad.id, toneWav(0.2))).body;
    expect((await upload(bob.client, alice.pad.id, toneWav(0.2))).status).toBe(404);
    expect((await bob.client.get(`/api/v1/pad/${alice.pad.id}/voicenote/`)).status).toBe(404);
    expect((await bob.client.get(`/api/v1/pad/${alice.pad.id}/voicenote/${note.id}/`)).status).toBe(404);
    expect((await bob.client.get(`/api/v1/pad/${bob.pad.id}/voicenote/${note.id}/`)).status).toBe(404);
    expect((await bob.client.get(note.audio_url)).status).toBe(404);
  });

  it('deleting a pad deletes its notes and their audio', async () => {
    const { client, pad } = await userWithPad();
    const note = (await upload(client, pad.id, toneWav(0.2))).body;
    expect((await blobs()).some((f) => f.includes(note.id))).toBe(true);
    expect((await client.delete(`/api/v1/pad/${pad.id}/`)).status).toBe(204);
    expect((await blobs()).some((f) => f.includes(note.id))).toBe(false);
    expect((await client.get(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`)).status).toBe(404);
  });
});

/** The header of a WAV whose data size is unknown (as streaming recorders write it). */
function wavHead(): Buffer {
  const head = Buffer.from(toneWav(0).subarray(0, 44));
  head.writeUInt32LE(0xffffffff, 40);
  return head;
}

function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Sends an upload by hand, to control chunking, declared length and disconnects. */
function rawUpload(
  client: TestClient,
  padId: string,
  chunks: Buffer[],
  options: { chunked?: boolean; declaredLength?: number; abortAfterMs?: number },
): Promise<number | undefined> {
  const url = new URL(`/api/v1/pad/${padId}/voicenote/`, server.baseUrl);
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        cookie: cookieOf(client),
        'x-csrftoken': client.cookies.get('csrftoken')!,
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="recording.wav"',
        ...(options.declaredLength ? { 'content-length': String(options.declaredLength) } : {}),
        ...(options.chunked ? { 'transfer-encoding': 'chunked' } : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(undefined));
    for (const chunk of chunks) req.write(chunk);
    if (options.abortAfterMs !== undefined) setTimeout(() => req.destroy(), options.abortAfterMs);
    else req.end();
  });
}
