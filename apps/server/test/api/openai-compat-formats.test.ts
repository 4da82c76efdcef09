/**
 * POST /v1/audio/transcriptions with every kind of upload a voice note accepts: real Ogg/Opus
 * and MP3 made at test time (flite → ffmpeg), decoded by the jobs' audio decoder (ffmpeg in a
 * worker thread) and transcribed by pocketsphinx; filed notes keep their real format; bad
 * audio is refused in OpenAI's error shape and leaves nothing behind.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import { openAiErrorSchema, verboseTranscriptionSchema } from '@voxpad/shared/openai-compat';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { VOICE_NOTE_HEADER } from '../../src/openai-compat/transcription-request.ts';
import { listFiles } from '../support/files.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectTitledByItsWords } from '../support/titles.ts';
import { FixtureDir, keywordRecall, speak } from '../transcription/support/speech.ts';
import { silentOpus } from '../support/audio-files.ts';

const SENTENCE = 'please remember to buy milk and bread tomorrow morning';
const KEYWORDS = ['remember', 'milk', 'bread', 'tomorrow', 'morning'];

let app: TestApp;
let fixtures: FixtureDir;
let owner: TestClient;
let token: string;
let ogg: Buffer;
let mp3: Buffer;
/** Length of the spoken sentence, as flite wrote it. */
let spokenSeconds: number;

function encode(wav: string, out: string, ...args: string[]): Buffer {
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, ...args, out]);
  return readFileSync(out);
}

beforeAll(async () => {
  fixtures = new FixtureDir();
  const wav = speak(SENTENCE, fixtures.file('speech.wav'));
  // flite writes 16 kHz mono 16-bit PCM after a 44-byte header.
  spokenSeconds = (readFileSync(wav).length - 44) / 32000;
  // What browsers and phones send: Opus at 48 kHz stereo, MP3 at 44.1 kHz.
  ogg = encode(wav, fixtures.file('speech.ogg'), '-ar', '48000', '-ac', '2', '-c:a', 'libopus', '-f', 'ogg');
  mp3 = encode(wav, fixtures.file('speech.mp3'), '-ar', '44100', '-c:a', 'libmp3lame');
  app = await startTestApp({ TRANSCRIBER: 'pocketsphinx' });
  owner = (await signedUpClient(app.baseUrl)).client;
  token = (await owner.post<CreatedApiToken>('/api/v1/tokens/', { name: 'formats' })).body.token;
}, 120_000);
afterAll(async () => {
  await app.close();
  fixtures.remove();
});

function form(file: Buffer, fileName: string, type: string, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  data.append('file', new Blob([file], { type }), fileName);
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const transcribe = (body: FormData) =>
  fetch(`${app.baseUrl}/v1/audio/transcriptions`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });

async function newPad(): Promise<Pad> {
  const pad = await owner.post<Pad>('/api/v1/pad/', { name: 'Transcribed by API' });
  expect(pad.status).toBe(201);
  return pad.body;
}

const blobs = () => listFiles(path.join(app.dataDir, 'blobs'));

/** The note's audio as the player gets it (the test client reads bodies as text). */
async function audioOf(note: VoiceNote): Promise<{ type: string | null; bytes: Buffer }> {
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(app.baseUrl + note.audio_url, { headers: { cookie } });
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('POST /v1/audio/transcriptions decodes every accepted format', () => {
  it('transcribes Ogg/Opus and files it as a note that keeps its real format', async () => {
    const pad = await newPad();
    const response = await transcribe(
      form(ogg, 'shopping.ogg', 'audio/ogg', { pad_id: pad.id, response_format: 'verbose_json' }),
    );
    expect(response.status).toBe(200);
    const body = verboseTranscriptionSchema.parse(await response.json());
    expect(keywordRecall(KEYWORDS, body.text)).toBeGreaterThanOrEqual(0.8);
    expect(body.duration).toBeCloseTo(spokenSeconds, 1);

    const noteId = response.headers.get(VOICE_NOTE_HEADER);
    const note = await owner.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${noteId}/`);
    expect(note.status).toBe(200);
    expectTitledByItsWords(note.body, 'shopping');
    expect(note.body).toMatchObject({
      status: 'done',
      content_type: 'audio/ogg',
      size_bytes: ogg.length,
    });
    // The note keeps the words /v1 answered with, and reads them formatted (ADR 0033).
    expect(note.body.segments.flatMap((seg) => seg.words.map((w) => w.word)).join(' ')).toBe(body.text);
    expect(note.body.transcript).toMatch(/^[A-Z].*\.$/s);
    expect(note.body.duration_seconds).toBeCloseTo(spokenSeconds, 1);
    // Stored as uploaded, under its own extension, the way voice-note uploads are.
    const audio = await audioOf(note.body);
    expect(audio.type).toBe('audio/ogg');
    expect(audio.bytes.equals(ogg)).toBe(true);
    expect((await blobs()).filter((f) => f.includes(noteId!))).toEqual([
      expect.stringMatching(new RegExp(`^audio/[^/]+/${noteId}\\.ogg$`)),
    ]);
  });

  it('transcribes MP3 (whatever the client calls it) and files it as audio/mpeg', async () => {
    const pad = await newPad();
    // The label says WAV; the bytes are MP3, and the bytes decide.
    const response = await transcribe(
      form(mp3, 'voice memo.wav', 'audio/wav', { pad_id: pad.id, response_format: 'text' }),
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(keywordRecall(KEYWORDS, text)).toBeGreaterThanOrEqual(0.8);

    const noteId = response.headers.get(VOICE_NOTE_HEADER);
    const note = await owner.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${noteId}/`);
    expect(note.body).toMatchObject({ status: 'done', content_type: 'audio/mpeg' });
    expectTitledByItsWords(note.body, 'voice memo');
    const audio = await audioOf(note.body);
    expect(audio.type).toBe('audio/mpeg');
    expect(audio.bytes.equals(mp3)).toBe(true);
    expect((await blobs()).filter((f) => f.includes(noteId!))).toEqual([
      expect.stringMatching(new RegExp(`^audio/[^/]+/${noteId}\\.mp3$`)),
    ]);
  });
});

describe('POST /v1/audio/transcriptions on a recording without speech', () => {
  it('answers an empty text with the real duration, as for any recording, not an error', async () => {
    const silence = fixtures.file('silence.ogg');
    silentOpus(silence);
    const response = await transcribe(
      form(readFileSync(silence), 'pocket.ogg', 'audio/ogg', {
        response_format: 'verbose_json',
        'timestamp_granularities[]': 'word',
      }),
    );
    expect(response.status).toBe(200);
    const body = verboseTranscriptionSchema.parse(await response.json());
    expect(body).toMatchObject({ text: '', language: 'english', words: [] });
    expect(body.duration).toBeCloseTo(3, 1);
  });
});

describe('POST /v1/audio/transcriptions refuses audio it cannot read', () => {
  // MP3 frame headers (MPEG-1 layer III, 128 kbit/s, 44.1 kHz: 417 bytes a frame) around junk:
  // recognised as MP3 from its bytes, but nothing in it decodes.
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413, 0x55)]);
  const damagedMp3 = Buffer.concat(Array.from({ length: 10 }, () => frame));
  const cases: { name: string; file: Buffer; message: RegExp }[] = [
    { name: 'damaged MP3', file: damagedMp3, message: /damaged and cannot be read/ },
    {
      name: 'bytes that are no audio at all',
      file: Buffer.from('%PDF-1.7 this is a document, not a recording'),
      message: /not a recording in a format this server reads\. Send WAV, .*MP3, M4A\/AAC or FLAC\./,
    },
    { name: 'an empty file', file: Buffer.alloc(0), message: /The file is empty/ },
  ];

  for (const { name, file, message } of cases) {
    it(`answers 400 in OpenAI's shape for ${name} labelled audio/mpeg, and files nothing`, async () => {
      const pad = await newPad();
      const before = await blobs();
      const response = await transcribe(form(file, 'broken.mp3', 'audio/mpeg', { pad_id: pad.id }));
      expect(response.status).toBe(400);
      const { error } = openAiErrorSchema.parse(await response.json());
      expect(error).toMatchObject({ type: 'invalid_request_error', param: 'file', code: 'invalid_audio' });
      expect(error.message).toMatch(message);
      expect(response.headers.get(VOICE_NOTE_HEADER)).toBeNull();

      const notes = await owner.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`);
      expect(notes.body.results).toEqual([]);
      expect(await blobs()).toEqual(before);
    });
  }
});
