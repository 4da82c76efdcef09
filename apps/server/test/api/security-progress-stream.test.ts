/**
 * The transcription progress stream (`.../events/`, issue 9 finding 8): served through
 * Fastify with the API's headers, ended by logout at once and by a vanished session within
 * seconds, capped per user, ended when the server closes, and woken by the runner's job
 * events rather than its (here 60 s) poll.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { TranscriptionState } from '../../src/transcripts/transcription-state.ts';
import { AUTH, sessionIdOf } from '../support/accounts.ts';
import { ffmpeg } from '../support/audio-files.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { toneWav } from '../support/wav.ts';

const POLL_MS = '60000';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * Reads a server-sent event stream as it arrives, with deadlines instead of hanging. Each
 * stream has a connection of its own (node:http, no pool), so closing one closes exactly it.
 */
async function openStream(client: TestClient, url: string, extraHeaders: Record<string, string> = {}) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const req = http.get(client.baseUrl + url, {
    agent: false,
    headers: { cookie, accept: 'text/event-stream', ...extraHeaders },
  });
  const [res] = (await once(req, 'response')) as [http.IncomingMessage];
  const events: SseEvent[] = [];
  let text = '';
  let buffer = '';
  let done = false;
  /** Events handed out by next(). */
  let read = 0;
  let notify = (): void => undefined;
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    buffer += chunk;
    for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
    }
    notify();
  });
  res.once('close', () => {
    done = true;
    notify();
  });
  req.on('error', () => undefined);

  /** Waits until `ready()` holds; false when it still does not after `timeoutMs`. */
  const until = (ready: () => boolean, timeoutMs: number): Promise<boolean> =>
    new Promise((resolve) => {
      if (ready()) return resolve(true);
      const timer = setTimeout(() => {
        notify = () => undefined;
        resolve(false);
      }, timeoutMs);
      notify = () => {
        if (!ready()) return;
        clearTimeout(timer);
        notify = () => undefined;
        resolve(true);
      };
    });

  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    events,
    /** The whole body once the response has ended (the error of a refused stream). */
    async body(): Promise<string> {
      await until(() => done, 5_000);
      return text;
    },
    /** The next event not yet handed out; undefined when the stream ended first. Throws after `timeoutMs`. */
    async next(timeoutMs = 10_000): Promise<SseEvent | undefined> {
      if (!(await until(() => events.length > read || done, timeoutMs))) {
        throw new Error(`no event within ${timeoutMs} ms`);
      }
      return events[read++];
    },
    /** True once the server has ended the stream; false while it is still open after `timeoutMs`. */
    ended: (timeoutMs: number): Promise<boolean> => until(() => done, timeoutMs),
    close: () => req.destroy(),
  };
}

async function pendingNote(client: TestClient): Promise<string> {
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Streams' })).body;
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: toneWav(1),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="t.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  return `/api/v1/pad/${pad.id}/voicenote/${res.body.id}/events/`;
}

describe('a progress stream without a worker (the note stays pending)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ PROGRESS_STREAMS_PER_USER: '2', PROGRESS_STREAM_POLL_MS: POLL_MS });
  });
  afterAll(async () => {
    await api.close();
  });

  it("carries the API's security headers and the request id", async () => {
    const { client } = await signedUpClient(api.baseUrl);
    const stream = await openStream(client, await pendingNote(client), { 'x-request-id': 'sse-headers-1' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers).toMatchObject({
        'content-type': expect.stringMatching(/^text\/event-stream/) as unknown,
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
        'x-request-id': 'sse-headers-1',
      });
      expect(await stream.next()).toMatchObject({ event: 'state', data: { status: 'pending' } });
    } finally {
      stream.close();
    }
  });

  it('ends at once when its session logs out, and not when another session does', async () => {
    const { client, username, password } = await signedUpClient(api.baseUrl);
    const eventsPath = await pendingNote(client);
    const elsewhere = new TestClient(api.baseUrl);
    await elsewhere.prime();
    expect((await elsewhere.post(`${AUTH}/auth/login`, { username, password })).status).toBe(200);

    const stream = await openStream(client, eventsPath);
    const other = await openStream(elsewhere, eventsPath);
    try {
      expect((await stream.next())?.event).toBe('state');
      expect((await other.next())?.event).toBe('state');
      expect((await elsewhere.delete(`${AUTH}/auth/session`)).status).toBe(401);
      // The other session's logout leaves this stream alone; its own ends it well before
      // the 5 s session check or the 60 s poll could.
      expect(await stream.ended(1_000)).toBe(false);
      expect(await other.ended(2_000)).toBe(true);
      expect((await client.delete(`${AUTH}/auth/session`)).status).toBe(401);
      expect(await stream.ended(2_000)).toBe(true);
    } finally {
      stream.close();
      other.close();
    }
  });

  it('ends within seconds when its session expires without a logout', async () => {
    const { client } = await signedUpClient(api.baseUrl);
    const stream = await openStream(client, await pendingNote(client));
    try {
      expect((await stream.next())?.event).toBe('state');
      await api.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1_000 })
        .where('id', '=', sessionIdOf(client))
        .execute();
      expect(await stream.ended(9_000)).toBe(true);
      expect((await client.get('/api/v1/pad/')).status).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('caps the streams one user holds open: the next answers 429 with Retry-After', async () => {
    const { client } = await signedUpClient(api.baseUrl);
    const { client: neighbour } = await signedUpClient(api.baseUrl);
    const eventsPath = await pendingNote(client);
    // A HEAD request opens no stream, so it holds no place.
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const head = await fetch(client.baseUrl + eventsPath, { method: 'HEAD', headers: { cookie } });
    expect(head.status).not.toBe(200);
    const open = [await openStream(client, eventsPath), await openStream(client, eventsPath)];
    const theirs = await openStream(neighbour, await pendingNote(neighbour));
    try {
      for (const stream of open) expect((await stream.next())?.event).toBe('state');
      const refused = await openStream(client, eventsPath);
      expect(refused.status).toBe(429);
      const problem = JSON.parse(await refused.body()) as { errors: { message: string }[] };
      expect(problem).toMatchObject({ status: 429, errors: [{ code: 'rate_limited' }] });
      expect(problem.errors[0]!.message).toMatch(/already following 2 transcriptions/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      // Another person's streams are their own.
      expect(theirs.status).toBe(200);

      // A closed stream gives its place back.
      open.shift()!.close();
      let again = await openStream(client, eventsPath);
      for (let i = 0; again.status === 429 && i < 50; i++) {
        again.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await openStream(client, eventsPath);
      }
      open.push(again);
      expect(again.status).toBe(200);
    } finally {
      for (const stream of open) stream.close();
      theirs.close();
    }
  });
});

it('closing the server ends the streams it holds instead of waiting for them', async () => {
  const app = await startTestApp({ PROGRESS_STREAM_POLL_MS: POLL_MS });
  let closed = false;
  try {
    const { client } = await signedUpClient(app.baseUrl);
    const stream = await openStream(client, await pendingNote(client));
    expect((await stream.next())?.event).toBe('state');
    const closing = app.close().then(() => (closed = true));
    expect(await stream.ended(3_000)).toBe(true);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    expect(closed).toBe(true);
  } finally {
    if (!closed) await app.close();
  }
});

describe('a progress stream with the worker in this process', { timeout: 300_000 }, () => {
  let dir: string;
  let server: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-progress-stream-'));
    server = await startTestApp({ ROLE: 'all', WORKER_CONCURRENCY: '1', PROGRESS_STREAM_POLL_MS: POLL_MS });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gets each state from the job events, long before the 60 s poll', async () => {
    const speech = path.join(dir, 'speech.wav');
    const sentence = 'please remember to buy milk and bread tomorrow morning before the shop closes';
    execFileSync('flite', ['-voice', 'slt', '-t', Array(4).fill(sentence).join('. '), '-o', speech]);
    // About 19 s of speech with pauses: several utterances, so progress moves in steps the
    // runner reports (at most once a second) while the job runs. (Played twice, 38 s, it
    // cost a minute of pocketsphinx per backend on a busy machine and showed nothing more.)
    const note = path.join(dir, 'note.webm');
    ffmpeg('-i', speech, '-af', 'apad=pad_dur=2', '-c:a', 'libopus', note);
    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Live' })).body;
    const uploaded = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: fs.readFileSync(note),
      headers: { 'content-type': 'audio/webm', 'content-disposition': 'attachment; filename="n.webm"' },
    });
    expect(uploaded.status, uploaded.text).toBe(201);

    const started = Date.now();
    const stream = await openStream(client, `/api/v1/pad/${pad.id}/voicenote/${uploaded.body.id}/events/`);
    try {
      const seen: { at: number; state: TranscriptionState }[] = [];
      for (;;) {
        // Without events nothing would come for 60 s after the first state.
        const event = await stream.next(45_000);
        if (!event || event.event === 'end') break;
        seen.push({ at: Date.now() - started, state: event.data as unknown as TranscriptionState });
      }
      const states = seen.map((s) => s.state);
      expect(states.some((s) => s.status === 'processing' && s.progress > 0 && s.progress < 1)).toBe(true);
      expect(states.at(-1)).toMatchObject({ status: 'done', progress: 1 });
      expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { status: 'done' } });
      // Each state follows the one before well inside the 60 s poll, however long the job
      // takes on a busy machine: the events, not the poll, carried them.
      const gaps = seen.slice(1).map((s, i) => s.at - seen[i]!.at);
      expect(Math.max(...gaps)).toBeLessThan(30_000);
    } finally {
      stream.close();
    }
  });
});
