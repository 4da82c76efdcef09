import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { makeAudioSamples, makeTheoraOgg, type AudioSample } from '../support/audio-files.ts';
import { listFiles } from '../support/files.ts';
import { toneWav } from '../support/wav.ts';

/** Sniffing every accepted format from real encoder output, and the duration limit. */
let server: TestApp;
let audio: ReturnType<typeof makeAudioSamples>;
const MAX_SECONDS = 5;
beforeAll(async () => {
  audio = makeAudioSamples();
  server = await startTestApp({ MAX_DURATION_SECONDS: String(MAX_SECONDS) });
});
afterAll(async () => {
  await server.close();
  audio.cleanup();
});

const blobs = () =>
  listFiles(path.join(server.dataDir, 'blobs')).then((f) => f.filter((n) => !n.startsWith('.tmp/')));
const tempFiles = () => listFiles(path.join(server.dataDir, 'blobs', '.tmp'));

const upload = (client: TestClient, padId: string, body: Buffer, contentType = 'audio/wav') =>
  client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body,
    headers: {
      'content-type': contentType,
      'content-disposition': 'attachment; filename="recording.wav"',
    },
  });

async function userWithPad() {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Formats' })).body;
  return { client, pad };
}

async function expectNothingStored(client: TestClient, padId: string, before: string[]) {
  expect((await client.get<Page<VoiceNote>>(`/api/v1/pad/${padId}/voicenote/`)).body.results).toEqual([]);
  expect(await blobs()).toEqual(before);
  expect(await tempFiles()).toEqual([]);
}

/** A WAV header for `seconds` of 16 kHz mono 16-bit audio, followed by `bodyBytes` of silence. */
function wavDeclaring(seconds: number, bodyBytes: number, dataSize = seconds * 32000): Buffer {
  const wav = Buffer.concat([toneWav(0).subarray(0, 44), Buffer.alloc(bodyBytes)]);
  wav.writeUInt32LE(Math.min(dataSize, 0xffffffff), 40);
  return wav;
}

describe('voice-note audio formats', () => {
  it('recognises every accepted format from its bytes, whatever the declared type', async () => {
    const { client, pad } = await userWithPad();
    const cases: [AudioSample, string][] = audio.samples.flatMap((sample): [AudioSample, string][] => [
      // What a browser sends (the spec's fixed name ends in .wav whatever the blob is) ...
      [sample, 'audio/wav'],
      // ... and what other clients may send.
      [sample, 'application/octet-stream'],
    ]);
    for (const [sample, declared] of cases) {
      const bytes = fs.readFileSync(sample.file);
      const res = await upload(client, pad.id, bytes, declared);
      expect(res.status, `${sample.name} sent as ${declared}: ${res.text}`).toBe(201);
      expect(res.body.content_type, sample.name).toBe(sample.mime);
      expect(res.body.size_bytes).toBe(bytes.length);

      const audioRes = await client.get(res.body.audio_url);
      expect(audioRes.headers.get('content-type')).toBe(sample.mime);
    }
  });

  it("accepts MediaRecorder's video/webm and video/mp4 labels", async () => {
    const { client, pad } = await userWithPad();
    const webm = audio.samples.find((s) => s.mime === 'audio/webm')!;
    const m4a = audio.samples.find((s) => s.mime === 'audio/mp4')!;
    const fromWebm = await upload(client, pad.id, fs.readFileSync(webm.file), 'video/webm;codecs=opus');
    expect(fromWebm.status).toBe(201);
    expect(fromWebm.body.content_type).toBe('audio/webm');
    const fromMp4 = await upload(client, pad.id, fs.readFileSync(m4a.file), 'video/mp4');
    expect(fromMp4.status).toBe(201);
    expect(fromMp4.body.content_type).toBe('audio/mp4');
  });

  it('refuses bytes that are not a recording with 415, naming the accepted formats, and keeps nothing', async () => {
    const { client, pad } = await userWithPad();
    const before = await blobs();
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(2000)]);
    const notAudio: [string, Buffer][] = [
      ['text', Buffer.from('Hello, I am a text file pretending to be audio.\n'.repeat(40))],
      ['PNG', png],
      ['zeros', Buffer.alloc(5000)],
      ['Theora video in Ogg', fs.readFileSync(makeTheoraOgg(audio.dir))],
      ['JSON', Buffer.from(JSON.stringify({ name: 'x' }))],
    ];
    for (const [label, bytes] of notAudio) {
      const res = await upload(client, pad.id, bytes, 'audio/webm');
      expect(res.status, label).toBe(415);
      expect(res.body).toMatchObject({
        status: 415,
        errors: [
          {
            code: 'unsupported_media_type',
            message: expect.stringMatching(/WAV, WebM, Ogg \(Opus or Vorbis\), MP3, M4A\/AAC or FLAC/),
          },
        ],
      });
    }
    await expectNothingStored(client, pad.id, before);
  });

  it('refuses declared types that are not audio before reading the body', async () => {
    const { client, pad } = await userWithPad();
    const wav = fs.readFileSync(audio.samples[0]!.file);
    for (const declared of ['video/quicktime', 'image/png', 'text/plain', 'application/json']) {
      const res = await upload(client, pad.id, wav, declared);
      expect([415, 400], declared).toContain(res.status);
      expect(res.body).toMatchObject({ errors: [{ code: expect.any(String), message: expect.any(String) }] });
    }
    const missing = await client.request('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: wav,
      headers: { 'content-disposition': 'attachment; filename="recording.wav"' },
    });
    expect(missing.status).toBe(415);
  });

  it('records the duration a WAV header gives', async () => {
    const { client, pad } = await userWithPad();
    const res = await upload(client, pad.id, toneWav(1.5));
    expect(res.status).toBe(201);
    expect(res.body.duration_seconds).toBeCloseTo(1.5, 3);
  });

  it('refuses a WAV whose header declares more than the limit, at once, keeping nothing', async () => {
    const { client, pad } = await userWithPad();
    const before = await blobs();
    const res = await upload(client, pad.id, wavDeclaring(2 * 3600, 4000));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      errors: [
        {
          code: 'duration_too_long',
          param: 'file',
          message: `This recording is 2 h long. The limit is ${MAX_SECONDS} s; split it into shorter recordings.`,
        },
      ],
    });
    await expectNothingStored(client, pad.id, before);
  });

  it('measures a WAV of unknown length by its bytes and refuses it when too long, keeping nothing', async () => {
    const { client, pad } = await userWithPad();
    const before = await blobs();
    // 6 s of 16 kHz 16-bit audio with the "still recording" size a streaming recorder leaves.
    const res = await upload(client, pad.id, wavDeclaring(6, 6 * 32000, 0xffffffff));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ code: 'duration_too_long', message: /6 s long/ }] });
    await expectNothingStored(client, pad.id, before);

    const short = await upload(client, pad.id, wavDeclaring(4, 4 * 32000, 0xffffffff));
    expect(short.status).toBe(201);
    expect(short.body.duration_seconds).toBeCloseTo(4, 3);
  });

  it('refuses a WAV whose header is damaged', async () => {
    const { client, pad } = await userWithPad();
    const before = await blobs();
    const damaged = Buffer.concat([
      Buffer.from('RIFF\0\0\0\0WAVEjunk\x04\0\0\0abcd', 'latin1'),
      Buffer.alloc(100),
    ]);
    const res = await upload(client, pad.id, damaged);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ param: 'file', message: /damaged header/ }] });
    await expectNothingStored(client, pad.id, before);
  });

  it('answers a refused upload without leaving the connection stuck', async () => {
    const { client, pad } = await userWithPad();
    // A large body of junk: refused on its first bytes; the next request still works.
    const res = await upload(client, pad.id, Buffer.alloc(3 * 1024 * 1024, 7), 'audio/ogg');
    expect(res.status).toBe(415);
    expect((await client.get(`/api/v1/pad/${pad.id}/`)).status).toBe(200);
  });
});
