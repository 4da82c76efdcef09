/**
 * Transcription through the API with the real worker (ROLE=all): every accepted format is
 * decoded and transcribed, the bytes are trusted over the label, and recordings that cannot be
 * transcribed fail with their reason. Audio is made at test time (flite, ffmpeg).
 *
 * What is decided here is ffmpeg's and the engine's, so this file runs on one backend
 * (ADR 0025). A finished and a failed note's state, its reason, retry and versions are
 * asserted on both backends by transcripts.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import { ffmpeg, silentOpus } from '../support/audio-files.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { keywordShare, settledNote, uploadNote } from '../support/transcribed-notes.ts';
import { speak } from '../transcription/support/speech.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-transcripts-formats-'));
const file = (name: string) => path.join(dir, name);
const KEYWORDS = ['remember', 'buy', 'milk', 'bread', 'tomorrow', 'morning'];

let server: TestApp;
let client: TestClient;
let pad: Pad;

beforeAll(async () => {
  speak('please remember to buy milk and bread tomorrow morning', file('speech.wav'));
  // Speech, then a pause: a 40 s note for the duration limit.
  ffmpeg('-i', file('speech.wav'), '-af', 'apad=pad_dur=36', '-c:a', 'libopus', file('long.ogg'));
  server = await startTestApp({ ROLE: 'all', WORKER_CONCURRENCY: '2', MAX_DURATION_SECONDS: '30' });
  ({ client } = await signedUpClient(server.baseUrl));
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Formats' })).body;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = (bytes: Uint8Array, type: string, name: string) =>
  uploadNote(client, pad.id, { bytes, type, name });
const settled = (id: string) => settledNote(client, pad.id, id);
const recall = (text: string | null) => keywordShare(KEYWORDS, text);

describe('formats through the API', { timeout: 120_000 }, () => {
  const cases: [string, string[], string][] = [
    ['speech.webm', ['-c:a', 'libopus'], 'audio/webm'],
    ['speech.mp3', ['-c:a', 'libmp3lame'], 'audio/mpeg'],
    ['speech.m4a', ['-c:a', 'aac'], 'audio/mp4'],
    ['speech.flac', ['-c:a', 'flac'], 'audio/flac'],
  ];
  for (const [name, args, type] of cases) {
    it(`transcribes ${name}`, async () => {
      ffmpeg('-i', file('speech.wav'), ...args, file(name));
      const note = await upload(fs.readFileSync(file(name)), type, name);
      const done = await settled(note.id);
      expect(done.status).toBe('done');
      expect(done.progress).toBe(1);
      expect(done.attempts).toBe(1);
      expect(recall(done.transcript)).toBeGreaterThanOrEqual(0.6);
    });
  }

  it('trusts the bytes over the label: an MP3 sent as audio/wav is transcribed', async () => {
    ffmpeg('-i', file('speech.wav'), '-c:a', 'libmp3lame', '-f', 'mp3', file('label.wav'));
    const note = await upload(fs.readFileSync(file('label.wav')), 'audio/wav', 'recording.wav');
    expect(note.content_type).toBe('audio/mpeg');
    const done = await settled(note.id);
    expect(done.status).toBe('done');
    expect(recall(done.transcript)).toBeGreaterThanOrEqual(0.6);
  });
});

describe('recordings that fail, with a reason', { timeout: 120_000 }, () => {
  it('silent', async () => {
    silentOpus(file('silent.webm'));
    const done = await settled(
      (await upload(fs.readFileSync(file('silent.webm')), 'audio/webm', 's.webm')).id,
    );
    expect(done).toMatchObject({ status: 'failed', attempts: 1 });
    expect(done.failure_reason).toMatch(/silent/);
  });

  it('corrupt', async () => {
    ffmpeg('-i', file('speech.wav'), '-c:a', 'libopus', file('corrupt.webm'));
    const bytes = fs.readFileSync(file('corrupt.webm'));
    const broken = Buffer.concat([bytes.subarray(0, 64), Buffer.alloc(5000, 0x5a)]);
    const done = await settled((await upload(broken, 'audio/webm', 'c.webm')).id);
    expect(done).toMatchObject({ status: 'failed', attempts: 1 });
    expect(done.failure_reason).toMatch(/damaged|empty/);
  });

  it('longer than MAX_DURATION_SECONDS', async () => {
    const done = await settled((await upload(fs.readFileSync(file('long.ogg')), 'audio/ogg', 'l.ogg')).id);
    expect(done).toMatchObject({ status: 'failed', attempts: 1 });
    expect(done.failure_reason).toMatch(/longer than 30 seconds/);
  });
});
