/**
 * Decoding with what Voxpad learnt (ADR 0040), on one backend (vitest.config.ts), with the real pocketsphinx engine,
 * a real build and flite speech: a person adds a made-up name to their vocabulary with its
 * phones, Voxpad rebuilds their model, and then their uploads, their live stream and
 * /v1/audio/transcriptions with their token all recognise the name, written as they wrote it
 * (capital Z inside the sentence, not the dictionary's lower case); the same clip from
 * another person is not recognised, and that person's note is left as it was. One build for
 * the file, short clips: CPU is shared.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdaptationState } from '@voxpad/shared/adaptation';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import {
  browserHeaders,
  filedNote,
  finalWords,
  liveUrl,
  openLive,
  playPcm,
  spokenRecording,
} from '../support/live-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const NAME = /\bzarvokin\b/i;
/** As the owner wrote it: a decode with their model gives their spelling back (ADR 0040). */
const WRITTEN = /\bZarvokin\b/;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-adapt-decode-'));
let clip: { wav: string; pcm: Buffer };
let server: TestApp;

beforeAll(async () => {
  clip = spokenRecording(dir, ['please ask zarvokin about the meeting']);
  server = await startTestApp({
    ROLE: 'all',
    WORKER_CONCURRENCY: '1',
    MAX_DURATION_SECONDS: '40',
    ADAPTATION: 'on',
    ADAPTATION_CHECK_INTERVAL_SECONDS: '3600',
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function person(): Promise<{ client: TestClient; pad: Pad }> {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Meetings' })).body;
  return { client, pad };
}

async function upload(client: TestClient, pad: Pad): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: fs.readFileSync(clip.wav),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="clip.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  return settled(client, pad, res.body.id);
}

async function settled(client: TestClient, pad: Pad, id: string): Promise<VoiceNote> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const note = (await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${id}/`)).body;
    if (note.status === 'done' || note.status === 'failed') return note;
    if (Date.now() > deadline) throw new Error(`note ${id} still ${note.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function built(client: TestClient): Promise<AdaptationState> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const state = (await client.get<AdaptationState>('/api/v1/adaptation/')).body;
    if (state.status === 'ready' || state.status === 'failed') return state;
    if (Date.now() > deadline) throw new Error(`adaptation still ${state.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('decoding with what Voxpad learnt', { timeout: 400_000 }, () => {
  it("recognises the owner's new word everywhere they transcribe, and nowhere else", async () => {
    const other = await person();
    const before = await upload(other.client, other.pad);
    expect(before.status).toBe('done');
    expect(before.transcript ?? '').not.toMatch(NAME);

    const owner = await person();
    const stock = await upload(owner.client, owner.pad);
    expect(stock.transcript ?? '').not.toMatch(NAME);

    // Adding the word queues a build by itself; the button asks for the same build.
    const added = await owner.client.post('/api/v1/vocabulary/', {
      word: 'Zarvokin',
      pronunciation: 'Z AA R V OW K AH N',
    });
    expect(added.status, added.text).toBe(201);
    expect((await owner.client.get<AdaptationState>('/api/v1/adaptation/')).body.status).toMatch(
      /queued|running/,
    );
    expect((await owner.client.post('/api/v1/adaptation/', {})).status).toBeLessThan(300);
    const state = await built(owner.client);
    expect(state.status, state.error ?? '').toBe('ready');

    // An upload by the owner.
    const learnt = await upload(owner.client, owner.pad);
    expect(learnt.status).toBe('done');
    expect(learnt.transcript ?? '').toMatch(WRITTEN);
    // It was decoded with the build's merged language model (stock and personal in one file,
    // opened with -lm), which the worker fetched with the rest of the build.
    const cached = fs.readdirSync(path.join(server.dataDir, 'models', 'cache'), { recursive: true });
    expect(cached.map(String).some((file) => file.endsWith('merged.lm.bin'))).toBe(true);

    // The same clip from the other person: the stock model, and their first note untouched.
    const theirs = await upload(other.client, other.pad);
    expect(theirs.transcript ?? '').not.toMatch(NAME);
    const again = (await other.client.get<VoiceNote>(`/api/v1/pad/${other.pad.id}/voicenote/${before.id}/`))
      .body;
    expect(again.transcript).toBe(before.transcript);
    expect(again.updated_at).toBe(before.updated_at);

    // A live stream by the owner: the finals decode with their model.
    const live = await openLive(
      liveUrl(server.baseUrl, owner.pad.id),
      browserHeaders(owner.client, server.baseUrl),
    );
    live.socket.send(JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000 }));
    await playPcm(live.socket, clip.pcm, { speed: 4 });
    live.socket.send(JSON.stringify({ type: 'stop' }));
    expect((await live.closed).code).toBe(1000);
    expect(
      finalWords(live)
        .map((w) => w.word)
        .join(' '),
    ).toMatch(WRITTEN);
    expect(filedNote(live)?.transcript ?? '').toMatch(WRITTEN);

    // /v1/audio/transcriptions with the owner's token, and with the other person's.
    const transcribe = async (client: TestClient): Promise<string> => {
      const token = (await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'cli' })).body.token;
      const data = new FormData();
      data.append('file', new Blob([fs.readFileSync(clip.wav)], { type: 'audio/wav' }), 'clip.wav');
      data.append('model', 'whisper-1');
      const res = await fetch(`${server.baseUrl}/v1/audio/transcriptions`, {
        method: 'POST',
        body: data,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { text: string }).text;
    };
    expect(await transcribe(owner.client)).toMatch(WRITTEN);
    expect(await transcribe(other.client)).not.toMatch(NAME);
  });
});
