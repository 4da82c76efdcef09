/**
 * A job that fails for good still records how long the recording is when the audio was
 * decoded far enough to know it. Real parts throughout: Ogg/Opus made with flite + ffmpeg,
 * the ffmpeg decoder thread, and pocketsphinx pointed at a model directory that does not
 * exist (a permanent engine failure, raised when its worker loads the model).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { TranscriptionRunner } from '../../src/jobs/transcription-runner.ts';
import { createAudioDecoder } from '../../src/transcription/audio/audio-decoder.ts';
import { createPocketsphinxTranscriber } from '../../src/transcription/pocketsphinx/engine.ts';
import type { StreamTranscriber } from '../../src/transcription/audio/pcm-transcriber.ts';
import type { Transcriber } from '../../src/transcription/transcriber.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { FixtureDir, speak } from '../transcription/support/speech.ts';
import { ffmpeg, silentOpus } from '../support/audio-files.ts';

let server: TestApp;
let queue: TranscriptionQueue;
let fixtures: FixtureDir;
let client: TestClient;
let pad: Pad;
/** pocketsphinx without its model: every transcription fails with model_missing. */
let broken: StreamTranscriber;
let speech: Buffer;
let spokenSeconds: number;

beforeAll(async () => {
  fixtures = new FixtureDir();
  const wav = speak('the meeting moved to thursday afternoon', fixtures.file('speech.wav'));
  spokenSeconds = (readFileSync(wav).length - 44) / 32000;
  ffmpeg('-i', wav, '-c:a', 'libopus', '-f', 'ogg', fixtures.file('speech.ogg'));
  speech = readFileSync(fixtures.file('speech.ogg'));
  broken = createPocketsphinxTranscriber({ modelDir: fixtures.file('no-model-here'), workers: 1 });
  server = await startTestApp();
  queue = new TranscriptionQueue(server.db, currentBackend());
  client = (await signedUpClient(server.baseUrl)).client;
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Failures' })).body;
}, 120_000);
afterAll(async () => {
  await broken.close();
  await server.close();
  fixtures.remove();
});

async function upload(bytes: Buffer, fileName: string, type: string): Promise<VoiceNote> {
  const response = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: bytes,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${fileName}"` },
  });
  expect(response.status).toBe(201);
  // Only WAV headers tell the length at upload; for everything else it is learnt by decoding.
  expect(response.body.duration_seconds).toBeNull();
  return response.body;
}

/** Runs the real job runner with `transcriber` until the note has failed or finished. */
async function runUntilSettled(noteId: string, transcriber: Transcriber) {
  const runner = new TranscriptionRunner({
    queue,
    storage: server.storage,
    transcriber,
    decodeAudio: createAudioDecoder({ maxDurationSeconds: 3600 }),
    log: server.app.log,
    concurrency: 1,
    pollMs: 50,
  });
  runner.start();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const row = await server.db
        .selectFrom('voice_notes')
        .select(['status', 'failure_reason', 'duration_seconds', 'attempts'])
        .where('id', '=', noteId)
        .executeTakeFirstOrThrow();
      if (row.status === 'failed' || row.status === 'done') return row;
      if (Date.now() > deadline) throw new Error(`note still ${row.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await runner.stop();
  }
}

describe('a permanently failed transcription keeps the recording’s length', () => {
  it('when the engine fails while the recording is streamed to it', async () => {
    const note = await upload(speech, 'standup.ogg', 'audio/ogg');
    const row = await runUntilSettled(note.id, broken);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.failure_reason).toMatch(/speech model is not installed/);
    expect(row.duration_seconds).toBeCloseTo(spokenSeconds, 1);

    // And the API says so.
    const shown = await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`);
    expect(shown.body.duration_seconds).toBe(row.duration_seconds);
  });

  it('when the engine takes the whole recording and fails', async () => {
    // The same engine behind the plain Transcriber interface: decoded whole, then handed over.
    const plain: Transcriber = {
      name: 'pocketsphinx (float input only)',
      model: broken.model,
      transcribe: (input) => broken.transcribe(input),
      close: async () => {},
    };
    const note = await upload(speech, 'standup.ogg', 'audio/ogg');
    const row = await runUntilSettled(note.id, plain);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toMatch(/speech model is not installed/);
    expect(row.duration_seconds).toBeCloseTo(spokenSeconds, 1);
  });

  it('when the recording is silent', async () => {
    silentOpus(fixtures.file('silence.ogg'));
    const note = await upload(readFileSync(fixtures.file('silence.ogg')), 'pocket.ogg', 'audio/ogg');
    const row = await runUntilSettled(note.id, broken);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toMatch(/silent/);
    expect(row.duration_seconds).toBeCloseTo(3, 1);
  });

  it('but stores none when the audio could not be decoded', async () => {
    // MP3 frame headers around junk: recognised as MP3, so the upload is accepted; nothing decodes.
    const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413, 0x55)]);
    const damaged = Buffer.concat(Array.from({ length: 10 }, () => frame));
    const note = await upload(damaged, 'broken.mp3', 'audio/mpeg');
    const row = await runUntilSettled(note.id, broken);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toMatch(/damaged/);
    expect(row.duration_seconds).toBeNull();
  });
});

describe('the queue', () => {
  it('keeps a length learnt in an attempt that will be retried', async () => {
    const note = await upload(speech, 'retry.ogg', 'audio/ogg');
    const claimed = await queue.claimNext('worker-a', 60_000);
    expect(claimed?.id).toBe(note.id);
    expect(await queue.retryLater(note.id, 'worker-a', Date.now(), 2.5)).toBe(true);
    const row = await server.db
      .selectFrom('voice_notes')
      .select(['status', 'duration_seconds'])
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', duration_seconds: 2.5 });
  });
});
