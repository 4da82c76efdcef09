/**
 * Live transcription with a slower engine configured (issue 13): the note is filed at Stop with
 * the live words as its first version, recorded with the engine and model that made them, and a
 * full pass by the configured engine then becomes a new version. The engine is `openai`,
 * pointed at a second Voxpad's OpenAI-compatible endpoint (real pocketsphinx behind real HTTP),
 * through a loopback relay the test can hold, so the full pass is seen while it runs: the
 * person's transcript cannot be edited then (a clear 409), so the pass never overwrites typed
 * words, and typed words after it are kept as their own version.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import {
  browserHeaders,
  filedNote,
  finalWords,
  LIVE_SENTENCES,
  liveUrl,
  openLive,
  playPcm,
  spokenRecording,
} from '../support/live-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

interface Version {
  source: string;
  engine: string | null;
  model: string | null;
  text: string;
  current: boolean;
}

/** Forwards every request to `target`; while held, requests wait before they are sent on. */
class HoldingRelay {
  readonly server: http.Server;
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;
  /** Requests that arrived while held. */
  waiting = 0;

  constructor(target: URL) {
    this.server = http.createServer((req, res) => {
      const forward = () => {
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      };
      if (!this.#held) return forward();
      this.waiting++;
      void this.#held.then(forward);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  hold(): void {
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  release(): void {
    this.#release?.();
    this.#held = undefined;
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-live-full-pass-'));
let remote: TestApp;
let relay: HoldingRelay;
let app: TestApp;
let client: TestClient;

beforeAll(async () => {
  remote = await startTestApp({ ROLE: 'all', TRANSCRIBER: 'pocketsphinx' });
  const { client: remoteUser } = await signedUpClient(remote.baseUrl);
  const token = (await remoteUser.post<CreatedApiToken>('/api/v1/tokens/', { name: 'engine' })).body.token;
  relay = new HoldingRelay(new URL(remote.baseUrl));
  const relayUrl = await relay.listen();
  app = await startTestApp({
    ROLE: 'all',
    TRANSCRIBER: 'openai',
    OPENAI_BASE_URL: `${relayUrl}/v1`,
    OPENAI_API_KEY: token,
    OPENAI_MODEL: 'whisper-1',
  });
  ({ client } = await signedUpClient(app.baseUrl));
}, 120_000);

afterAll(async () => {
  relay?.release();
  await app?.close();
  relay?.server.close();
  await remote?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const notePath = (padId: string, id: string) => `/api/v1/pad/${padId}/voicenote/${id}/`;

it('files the live words as the first version, then a full pass by the configured engine replaces them as a new version, never over typed words', async () => {
  const recording = spokenRecording(dir, LIVE_SENTENCES);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Full pass' })).body;
  const live = await openLive(liveUrl(app.baseUrl, pad.id), browserHeaders(client, app.baseUrl));
  live.socket.send(JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000 }));
  await playPcm(live.socket, recording.pcm, { speed: 4 });
  live.socket.send(JSON.stringify({ type: 'stop' }));
  // Live decoding also goes through the relay: hold it only once the note is filed (the full
  // pass first decodes the stored audio, so its request comes well after "filed").
  await live.closed;
  relay.hold();
  const note = filedNote(live);
  expect(note, JSON.stringify(live.messages.at(-1))).toBeDefined();
  const liveText = finalWords(live)
    .map((w) => w.word)
    .join(' ');
  expect(liveText.split(' ').length).toBeGreaterThan(20);
  expect(note!.transcript).toBe(liveText);

  // The full pass is queued: the live words show, and stay the person's to read, not to edit yet.
  const queued = (await client.get<VoiceNote>(notePath(pad.id, note!.id))).body;
  expect(['pending', 'processing']).toContain(queued.status);
  expect(queued.transcript).toBe(liveText);
  const early = await client.request('PATCH', notePath(pad.id, note!.id), {
    json: { transcript: 'typed too early' },
  });
  expect(early.status).toBe(409);
  expect(early.text).toMatch(/still being transcribed/);
  const first = (await client.get<{ results: Version[] }>(`${notePath(pad.id, note!.id)}versions/`)).body
    .results;
  expect(first).toEqual([
    expect.objectContaining({ source: 'engine', engine: 'openai', model: 'whisper-1', text: liveText }),
  ]);

  // The full pass reaches the engine only now.
  const deadline = Date.now() + 30_000;
  while (relay.waiting === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(relay.waiting).toBeGreaterThan(0);
  relay.release();
  let done: VoiceNote;
  for (;;) {
    done = (await client.get<VoiceNote>(notePath(pad.id, note!.id))).body;
    if (done.status === 'done' || done.status === 'failed' || Date.now() > deadline + 60_000) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(done.status, done.failure_reason ?? '').toBe('done');
  expect(done.attempts).toBe(1);
  const versions = (await client.get<{ results: Version[] }>(`${notePath(pad.id, note!.id)}versions/`)).body
    .results;
  expect(versions.map((v) => [v.source, v.engine, v.model])).toEqual([
    ['engine', 'openai', 'whisper-1'],
    ['engine', 'openai', 'whisper-1'],
  ]);
  expect(versions[0]!.current).toBe(true);
  expect(versions[0]!.text).toBe(done.transcript);
  expect(versions[1]!.text).toBe(liveText);
  expect(done.transcript).toMatch(/milk/);

  // Now the person can correct it, and what they type is kept as its own version.
  const edit = await client.request<VoiceNote>('PATCH', notePath(pad.id, note!.id), {
    json: { transcript: 'please remember to buy oat milk' },
  });
  expect(edit.status, edit.text).toBe(200);
  const after = (await client.get<{ results: Version[] }>(`${notePath(pad.id, note!.id)}versions/`)).body
    .results;
  expect(after[0]).toMatchObject({ source: 'manual', engine: null, current: true });
  expect(after).toHaveLength(3);
}, 240_000);
