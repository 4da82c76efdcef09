/**
 * Live transcription over the WebSocket (issue 13), with the real pocketsphinx engine, real
 * loopback sockets (`ws`) and flite-made speech: streamed words match the file decode of the
 * same audio, stop files a finished note with the live transcript, a cut stream leaves a
 * whole note or none, and everything that must be refused is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import {
  alignWords,
  browserHeaders as liveHeaders,
  errorOf,
  filedNote,
  finalWords,
  LIVE_SENTENCES,
  liveUrl,
  openLive,
  playPcm,
  RefusedUpgrade,
  spokenRecording,
} from '../support/live-client.ts';
import { createPad, notesOf as notesIn, waitForNotes } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-live-'));
let recording: { wav: string; pcm: Buffer };
let server: TestApp;
let client: TestClient;

beforeAll(async () => {
  recording = spokenRecording(dir, LIVE_SENTENCES);
  server = await startTestApp({ ROLE: 'all', WORKER_CONCURRENCY: '1', MAX_DURATION_SECONDS: '40' });
  ({ client } = await signedUpClient(server.baseUrl));
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const browserHeaders = (c: TestClient, app: TestApp = server) => liveHeaders(c, app.baseUrl);

const newPad = (c: TestClient = client): Promise<Pad> => createPad(c, 'Live');
const notesOf = (padId: string, c: TestClient = client): Promise<VoiceNote[]> => notesIn(c, padId);

async function refusal(url: string, headers: Record<string, string>): Promise<RefusedUpgrade> {
  const error: unknown = await openLive(url, headers).then(
    () => new Error('the upgrade was accepted'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusedUpgrade);
  return error as RefusedUpgrade;
}

async function settled(padId: string, id: string): Promise<VoiceNote> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const note = (await client.get<VoiceNote>(`/api/v1/pad/${padId}/voicenote/${id}/`)).body;
    if (note.status === 'done' || note.status === 'failed') return note;
    if (Date.now() > deadline) throw new Error(`note ${id} still ${note.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('streaming a recording', { timeout: 180_000 }, () => {
  it('sends words while audio still arrives, and stop files the live transcript as a finished note', async () => {
    const pad = await newPad();
    const live = await openLive(liveUrl(server.baseUrl, pad.id), browserHeaders(client));
    live.socket.send(JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000 }));
    // The first two sentences, then words must come while the recording is still open
    // (however busy the machine), then the rest and stop.
    const half = 2 * Math.round(recording.pcm.length / 4);
    await playPcm(live.socket, recording.pcm, { to: half });
    const deadline = Date.now() + 90_000;
    while (!live.messages.some(({ message }) => message.type === 'final') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(live.messages.map(({ message }) => message.type)).toContain('final');
    expect(live.messages.map(({ message }) => message.type)).not.toContain('filed');
    await playPcm(live.socket, recording.pcm, { from: half });
    live.socket.send(JSON.stringify({ type: 'stop' }));
    expect((await live.closed).code).toBe(1000);

    const words = finalWords(live);
    const note = filedNote(live);
    expect(note).toBeDefined();
    expect(note?.status).toBe('done');
    // Finals carry how their words read (ADR 0033); partials are the recognised words, raw.
    expect(words.every((w) => typeof w.text === 'string')).toBe(true);
    expect(words[0]?.text).toMatch(/^[A-Z]/);
    expect(words.some((w) => /[.?!]$/.test(w.text ?? ''))).toBe(true);
    const partials = live.messages.flatMap(({ message }) =>
      message.type === 'partial' ? message.words : [],
    );
    expect(partials.every((w) => w.text === undefined)).toBe(true);
    expect(note?.duration_seconds).toBeCloseTo(recording.pcm.length / 32000, 2);
    expect(note?.size_bytes).toBe(44 + recording.pcm.length);
    const stored = (await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${note?.id}/`)).body;
    expect(stored.transcript).toBe(note?.transcript);
    // The note keeps the same recognised words at the same times, each reading as its final
    // showed it (not formatted again as a whole), and its transcript is their readable text.
    const storedWords = stored.segments.flatMap((s) => s.words);
    const shown = ({ word, text, start, end }: (typeof words)[number]) => ({ word, text, start, end });
    expect(storedWords.map(shown)).toEqual(words.map(shown));
    expect(stored.transcript?.replace(/\s+/g, ' ')).toBe(
      storedWords
        .map((w) => w.text)
        .filter(Boolean)
        .join(' '),
    );
    // The live transcript is the first engine version; no job ran.
    expect(stored.attempts ?? 0).toBe(0);
    const versions = await client.get<{ results: { source: string; engine: string; model: string }[] }>(
      `/api/v1/pad/${pad.id}/voicenote/${note?.id}/versions/`,
    );
    // ...made by the configured engine and model, as the version records.
    expect(versions.body.results).toEqual([
      expect.objectContaining({ source: 'engine', engine: 'pocketsphinx', model: 'en-us' }),
    ]);

    // The stored audio is the stream, as a WAV.
    const audio = await client.request('GET', `/api/v1/pad/${pad.id}/voicenote/${note?.id}/audio/`);
    expect(audio.status).toBe(200);

    // The same audio decoded as a file through the job queue gives the same words and times.
    const upload = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: fs.readFileSync(recording.wav),
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="same.wav"' },
    });
    expect(upload.status, upload.text).toBe(201);
    const reference = (await settled(pad.id, upload.body.id)).segments.flatMap((s) => s.words);
    expect(reference.length).toBeGreaterThan(20);
    const { pairs, distance } = alignWords(words, reference);
    expect(
      distance,
      `live: ${note?.transcript}\nfile: ${reference.map((w) => w.word).join(' ')}`,
    ).toBeLessThanOrEqual(Math.ceil(reference.length / 100));
    for (const [a, b] of pairs) {
      expect(Math.abs(a.start - b.start), `${a.word} start`).toBeLessThanOrEqual(0.1);
      expect(Math.abs(a.end - b.end), `${a.word} end`).toBeLessThanOrEqual(0.1);
    }
  });

  it('a stream cut mid-way is filed with what arrived and its transcript', async () => {
    const pad = await newPad();
    const live = await openLive(liveUrl(server.baseUrl, pad.id), browserHeaders(client));
    const sent = 6 * 32000;
    await playPcm(live.socket, recording.pcm, { speed: 3, to: sent });
    live.socket.terminate();
    const notes = await waitForNotes(client, pad.id, 90_000);
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note?.status).toBe('done');
    expect(note?.size_bytes).toBe(44 + sent);
    expect(note?.duration_seconds).toBeCloseTo(6, 2);
    expect(note?.transcript).toMatch(/milk/);
    const audio = await client.request('GET', `/api/v1/pad/${pad.id}/voicenote/${note?.id}/audio/`);
    expect(audio.status).toBe(200);
  });

  it('a stream cut with keep_partial false leaves no note: the client uploads its own copy', async () => {
    const [cutPad, gaveUpPad, control] = [await newPad(), await newPad(), await newPad()];
    const stream = async (padId: string, keepPartial: boolean, stop: boolean) => {
      const live = await openLive(liveUrl(server.baseUrl, padId), browserHeaders(client));
      live.socket.send(
        JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000, keep_partial: keepPartial }),
      );
      await playPcm(live.socket, recording.pcm, { speed: 3, to: 6 * 32000 });
      // Stop, then gone before "filed" could arrive: a client that gave up waiting.
      if (stop) live.socket.send(JSON.stringify({ type: 'stop' }));
      live.socket.terminate();
    };
    await stream(cutPad.id, false, false);
    await stream(gaveUpPad.id, false, true);
    // The same cut with the default, last: once its note is filed, the others had the same
    // time to be filed, and must not have been (or were taken back).
    await stream(control.id, true, false);
    const kept = await waitForNotes(client, control.id, 90_000);
    expect(kept).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await notesOf(cutPad.id)).toEqual([]);
    expect(await notesOf(gaveUpPad.id)).toEqual([]);
  });

  it('keep_partial false still files a stream that is stopped', async () => {
    const pad = await newPad();
    const live = await openLive(liveUrl(server.baseUrl, pad.id), browserHeaders(client));
    live.socket.send(
      JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000, keep_partial: false }),
    );
    await playPcm(live.socket, recording.pcm, { speed: 3, to: 4 * 32000 });
    live.socket.send(JSON.stringify({ type: 'stop' }));
    expect((await live.closed).code).toBe(1000);
    const note = filedNote(live);
    expect(note?.status).toBe('done');
    expect((await notesOf(pad.id)).map((n) => n.id)).toEqual([note?.id]);
  });

  it('a stream cut in its first second leaves no note', async () => {
    const pad = await newPad();
    const live = await openLive(liveUrl(server.baseUrl, pad.id), browserHeaders(client));
    await playPcm(live.socket, recording.pcm, { speed: 4, to: 0.5 * 32000 });
    live.socket.terminate();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await notesOf(pad.id)).toEqual([]);
  });
});

describe('refusals', { timeout: 60_000 }, () => {
  it('refuses a page on another origin, and a client that sends none', async () => {
    const pad = await newPad();
    const url = liveUrl(server.baseUrl, pad.id);
    const foreign = await refusal(url, { cookie: cookieOf(client), origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatch(/only accepts connections from/);
    expect((await refusal(url, { cookie: cookieOf(client) })).status).toBe(403);
  });

  it('refuses a socket without a session', async () => {
    const pad = await newPad();
    const refused = await refusal(liveUrl(server.baseUrl, pad.id), { origin: server.baseUrl });
    expect(refused.status).toBe(401);
  });

  it("another user's socket cannot reach a pad that is not theirs", async () => {
    const pad = await newPad();
    const { client: other } = await signedUpClient(server.baseUrl);
    const refused = await refusal(liveUrl(server.baseUrl, pad.id), browserHeaders(other));
    expect(refused.status).toBe(404);
    expect((await refusal(liveUrl(server.baseUrl, 'nope'), browserHeaders(client))).status).toBe(404);
    expect(await notesOf(pad.id)).toEqual([]);
  });

  it('refuses a format it does not decode live, in words (Opus: live-opus.test.ts)', async () => {
    const pad = await newPad();
    const live = await openLive(liveUrl(server.baseUrl, pad.id), browserHeaders(client));
    live.socket.send(JSON.stringify({ type: 'start', format: 'mp3' }));
    expect((await live.closed).code).toBe(1003);
    expect(errorOf(live)).toMatchObject({ code: 'unsupported_format' });
    expect(errorOf(live)?.message).toMatch(/pcm_s16le .* or opus .*, not "mp3"/);
  });

  it('refuses a message it does not know, and a stop before any audio', async () => {
    const pad = await newPad();
    const url = liveUrl(server.baseUrl, pad.id);
    const garbled = await openLive(url, browserHeaders(client));
    garbled.socket.send('hello');
    expect((await garbled.closed).code).toBe(1008);
    expect(errorOf(garbled)?.code).toBe('bad_message');
    const empty = await openLive(url, browserHeaders(client));
    empty.socket.send(JSON.stringify({ type: 'stop' }));
    await empty.closed;
    expect(errorOf(empty)?.code).toBe('empty_audio');
    expect(await notesOf(pad.id)).toEqual([]);
  });

  it('ends a stream longer than MAX_DURATION_SECONDS without filing it', async () => {
    const pad = await newPad();
    const live = await openLive(liveUrl(server.baseUrl, pad.id), browserHeaders(client));
    // 41 s of silence, sent as fast as the socket takes it.
    await playPcm(live.socket, Buffer.alloc(41 * 32000), { frameSeconds: 1, speed: 1000 });
    expect((await live.closed).code).toBe(1008);
    expect(errorOf(live)).toMatchObject({ code: 'duration_too_long' });
    expect(errorOf(live)?.message).toMatch(/The limit is 40 s/);
    expect(await notesOf(pad.id)).toEqual([]);
  });
});

describe('the size limit', { timeout: 60_000 }, () => {
  let small: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    small = await startTestApp({ UPLOAD_MAX_BYTES: String(44 + 2 * 32000) });
    ({ client: owner } = await signedUpClient(small.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await small?.close();
  });

  it('ends a stream larger than UPLOAD_MAX_BYTES without filing it', async () => {
    const pad = (await owner.request<Pad>('POST', '/api/v1/pad/', { json: { name: 'Small' } })).body;
    const live = await openLive(liveUrl(small.baseUrl, pad.id), browserHeaders(owner, small));
    await playPcm(live.socket, recording.pcm, { speed: 1000, to: 3 * 32000 });
    expect((await live.closed).code).toBe(1009);
    expect(errorOf(live)?.code).toBe('payload_too_large');
    expect(await notesOf(pad.id, owner)).toEqual([]);
  });
});
