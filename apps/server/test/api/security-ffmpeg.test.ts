/**
 * Issue 9, finding 2: "audio" that makes ffmpeg read someone else's recording. Bytes that
 * start with an ID3 tag used to be taken for MP3 and handed to ffmpeg without `-f`; ffmpeg
 * skipped the tag, found an HLS playlist behind it and opened the local files it named, so
 * one user's upload came back with another user's words. Here user B files a recording
 * (and the host holds another), user A uploads playlists naming them through both the
 * voice-note upload and /v1/audio/transcriptions, and B's words must never come back.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { sniffUploadFile } from '../../src/openai-compat/transcribe-upload.ts';
import { ffmpegInputArgs } from '../../src/transcription/audio/ffmpeg-decode.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { FixtureDir, speak } from '../transcription/support/speech.ts';

const SECRET = 'please remember to buy milk and bread tomorrow morning';
/** Any of the secret's words heard in a response or transcript. */
const leaked = (text: string | null) => /\b(remember|milk|bread|tomorrow|morning)\b/i.exec(text ?? '')?.[0];

let app: TestApp;
let fixtures: FixtureDir;
let victim: TestClient;
let attacker: TestClient;
let attackerPad: Pad;
let token: string;
/** Local files that hold the secret sentence: B's stored blobs and a file elsewhere on the host. */
const targets: string[] = [];
/** One MPEG audio frame of silence, as LAME writes it (for payloads with real frames). */
let silentFrames: Buffer;

function encode(wav: string, out: string, ...args: string[]): string {
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, ...args, out]);
  return out;
}

async function fileForVictim(pad: Pad, file: string, type: string): Promise<string> {
  const res = await victim.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: readFileSync(file),
    headers: { 'content-type': type, 'content-disposition': 'attachment; filename="private.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  const row = await app.db
    .selectFrom('voice_notes')
    .select('storage_key')
    .where('id', '=', res.body.id)
    .executeTakeFirstOrThrow();
  return path.join(app.dataDir, 'blobs', row.storage_key);
}

beforeAll(async () => {
  fixtures = new FixtureDir();
  const wav = speak(SECRET, fixtures.file('secret.wav'));
  const mp3 = encode(wav, fixtures.file('secret.mp3'), '-c:a', 'libmp3lame');
  const m4a = encode(wav, fixtures.file('secret.m4a'), '-c:a', 'aac');
  const flac = encode(wav, fixtures.file('secret.flac'), '-c:a', 'flac');
  const silence = fixtures.file('silence.mp3');
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '0.2'],
    ...['-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0', silence],
  ]);
  silentFrames = readFileSync(silence);

  app = await startTestApp({ ROLE: 'all', TRANSCRIBER: 'pocketsphinx', WORKER_CONCURRENCY: '1' });
  victim = (await signedUpClient(app.baseUrl)).client;
  const victimPad = (await victim.post<Pad>('/api/v1/pad/', { name: 'Private' })).body;
  for (const [file, type] of [
    [mp3, 'audio/mpeg'],
    [m4a, 'audio/mp4'],
    [flac, 'audio/flac'],
  ] as const) {
    targets.push(await fileForVictim(victimPad, file, type));
  }
  // A media file elsewhere on the host, outside any user's storage.
  const hostFile = fixtures.file('host-recording.mp3');
  copyFileSync(mp3, hostFile);
  targets.push(hostFile);

  attacker = (await signedUpClient(app.baseUrl)).client;
  attackerPad = (await attacker.post<Pad>('/api/v1/pad/', { name: 'Mine' })).body;
  token = (await attacker.post<CreatedApiToken>('/api/v1/tokens/', { name: 'probe' })).body.token;
}, 120_000);
afterAll(async () => {
  await app?.close();
  fixtures?.remove();
});

/** An ID3v2.4 tag header declaring `size` bytes of tag body (syncsafe, 7 bits a byte). */
function id3(size: number): Buffer {
  const header = Buffer.from('ID3\x04\x00\x00\0\0\0\0', 'latin1');
  for (let i = 0; i < 4; i++) header[6 + i] = (size >> (7 * (3 - i))) & 0x7f;
  return header;
}

function playlist(file: string): string {
  return `#EXTM3U\n#EXT-X-TARGETDURATION:100\n#EXTINF:10,\n${file}\n#EXT-X-ENDLIST\n`;
}

/** The hostile uploads, each naming one local file. */
function payloads(file: string): [string, Buffer][] {
  const list = Buffer.from(playlist(file));
  const concat = Buffer.from(`ffconcat version 1.0\nfile '${file}'\n`);
  return [
    ['an ID3 tag, then a playlist', Buffer.concat([id3(0), list])],
    ['a playlist as a file: URL', Buffer.concat([id3(0), Buffer.from(playlist(`file:${file}`))])],
    ['a playlist inside a padded ID3 tag', Buffer.concat([id3(16), Buffer.alloc(16), list])],
    ['real MPEG frames, then a playlist', Buffer.concat([id3(0), silentFrames, list])],
    ['an ffconcat script', Buffer.concat([id3(0), concat])],
  ];
}

async function settled(id: string): Promise<VoiceNote> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const note = (await attacker.get<VoiceNote>(`/api/v1/pad/${attackerPad.id}/voicenote/${id}/`)).body;
    if (note.status === 'done' || note.status === 'failed') return note;
    if (Date.now() > deadline) throw new Error(`note ${id} still ${note.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('ffmpeg never reads files an upload names', { timeout: 240_000 }, () => {
  it('through the voice-note upload: refused, or transcribed without anyone else’s words', async () => {
    for (const target of targets) {
      for (const [name, bytes] of payloads(target)) {
        const res = await attacker.request<VoiceNote>('POST', `/api/v1/pad/${attackerPad.id}/voicenote/`, {
          body: bytes,
          headers: { 'content-type': 'audio/mpeg', 'content-disposition': 'attachment; filename="a.mp3"' },
        });
        const label = `${name} naming ${target}`;
        if (res.status === 415) continue;
        expect(res.status, `${label}: ${res.text}`).toBe(201);
        const note = await settled(res.body.id);
        expect(leaked(note.transcript), `${label}: ${note.transcript}`).toBeUndefined();
        // Only audio with real frames may get this far; it holds silence and nothing else.
        expect(name, label).toBe('real MPEG frames, then a playlist');
        expect(note.status, label).toBe('failed');
      }
    }
  });

  it('through /v1/audio/transcriptions: refused, or transcribed without anyone else’s words', async () => {
    for (const target of targets) {
      for (const [name, bytes] of payloads(target)) {
        const data = new FormData();
        data.append('file', new Blob([bytes], { type: 'audio/mpeg' }), 'a.mp3');
        const response = await fetch(`${app.baseUrl}/v1/audio/transcriptions`, {
          method: 'POST',
          body: data,
          headers: { authorization: `Bearer ${token}` },
        });
        const text = await response.text();
        const label = `${name} naming ${target}`;
        expect(leaked(text), `${label}: ${text}`).toBeUndefined();
        if (name === 'real MPEG frames, then a playlist') {
          // Silence is not an error in OpenAI's API: an empty text.
          expect([200, 400], label).toContain(response.status);
        } else {
          expect(response.status, label).toBe(400);
          expect(text, label).toMatch(/invalid_audio/);
        }
      }
    }
  });
});

describe('real recordings still pass the stricter checks', { timeout: 120_000 }, () => {
  it('an MP3 whose ID3 tags hold 100 KB of cover art, on both endpoints', async () => {
    // Two tags, as a tagger that prepends one leaves them: ours, then LAME's own.
    const art = Buffer.concat([id3(100_000), Buffer.alloc(100_000, 0x41)]);
    const mp3 = Buffer.concat([art, readFileSync(fixtures.file('secret.mp3'))]);
    const res = await attacker.request<VoiceNote>('POST', `/api/v1/pad/${attackerPad.id}/voicenote/`, {
      body: mp3,
      headers: { 'content-type': 'audio/mpeg', 'content-disposition': 'attachment; filename="art.mp3"' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.content_type).toBe('audio/mpeg');

    const data = new FormData();
    data.append('file', new Blob([mp3], { type: 'audio/mpeg' }), 'art.mp3');
    const response = await fetch(`${app.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      body: data,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(leaked(await response.text())).toBeDefined();

    // What /v1 reads of an upload on disk: only as far as the audio, past the tags.
    const file = fixtures.file('art.mp3');
    writeFileSync(file, mp3);
    expect((await sniffUploadFile(file)).mime).toBe('audio/mpeg');
    const hostile = fixtures.file('hostile.mp3');
    writeFileSync(hostile, payloads(targets[0]!)[0]![1]);
    await expect(sniffUploadFile(hostile)).rejects.toMatchObject({ code: 'invalid_audio', param: 'file' });
  });
});

describe('how ffmpeg is told to read (decode-speech.ts, ffmpegInputArgs)', () => {
  /** Runs ffmpeg on `file` as the decoder does, writing float WAV to its stdout. */
  const decodeArgs = (file: string, demuxer: string) => [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', ...ffmpegInputArgs(file, demuxer)],
    ...['-map', '0:a:0', '-c:a', 'pcm_f32le', '-f', 'wav', 'pipe:1'],
  ];

  it('reads a playlist behind an ID3 tag as the MP3 it claimed to be, so it opens nothing', () => {
    const file = fixtures.file('tagged-playlist.mp3');
    writeFileSync(file, Buffer.concat([id3(0), Buffer.from(playlist(targets[0]!))]));
    const run = spawnSync('ffmpeg', decodeArgs(file, 'mp3'));
    expect(run.status).not.toBe(0);
    expect(run.stdout.length).toBe(0);
  });

  it('opens no protocol but local files, even when a file is read as a playlist', async () => {
    const run = (file: string) =>
      new Promise<string>((resolve) => {
        execFile('ffmpeg', decodeArgs(file, 'hls'), { encoding: 'buffer' }, (_error, _stdout, stderr) =>
          resolve(stderr.toString()),
        );
      });
    // ffmpeg's own default for local input allows crypto: and data: too.
    const wrapped = fixtures.file('wrapped.m3u8');
    writeFileSync(wrapped, playlist(`crypto:${targets[0]}`));
    expect(await run(wrapped)).toMatch(/Protocol 'crypto' not on whitelist 'file'/);

    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.end(readFileSync(fixtures.file('secret.mp3')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const remote = fixtures.file('remote.m3u8');
      writeFileSync(remote, playlist(`http://127.0.0.1:${port}/secret.mp3`));
      await run(remote);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('still writes the decoded audio to its output pipe', () => {
    const run = spawnSync('ffmpeg', decodeArgs(fixtures.file('secret.mp3'), 'mp3'), {
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status, run.stderr.toString()).toBe(0);
    // Float samples at 16 kHz: well over a second of the spoken sentence.
    expect(run.stdout.length).toBeGreaterThan(16000 * 4);
  });
});
