/**
 * Crash recovery across OS processes: a worker process (the real server, ROLE=worker)
 * claims a long note and is killed with SIGKILL mid-job; a second worker process takes the
 * note over once the lease has expired. The note must complete exactly once.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient } from '../support/http-client.ts';
import { serverArgs } from '../support/server-entry.ts';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const LEASE_MS = 2000;
let server: TestApp;
const children: ChildProcess[] = [];

beforeAll(async () => {
  server = await startTestApp({ TRANSCRIPTION_LEASE_MS: String(LEASE_MS) });
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await server.close();
});

function startWorker(): ChildProcess {
  const { database } = server.config;
  // The fresh bundle when there is one: a worker through tsx compiles the server first, which
  // took most of this test's time limit on a loaded machine.
  const child = spawn(process.execPath, serverArgs(), {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      ROLE: 'worker',
      PORT: '0',
      DATA_DIR: server.dataDir,
      LOG_LEVEL: 'silent',
      WORKER_CONCURRENCY: '1',
      TRANSCRIPTION_LEASE_MS: String(LEASE_MS),
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return child;
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it(
  'finishes a note exactly once after its worker process is killed mid-job',
  { timeout: 240_000 },
  async () => {
    const dir = fs.mkdtempSync(path.join(server.dataDir, 'audio-'));
    const sentence = path.join(dir, 'sentence.wav');
    execFileSync('flite', [
      '-voice',
      'slt',
      '-t',
      'we should plan a trip to the mountains next summer',
      '-o',
      sentence,
    ]);
    const long = path.join(dir, 'long.webm');
    // ~35 s: the sentence and a second of silence, 7 times: seven utterances, so the first
    // worker is seen mid-job with progress between them (70 s only made the run longer).
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      sentence,
      '-af',
      'apad=pad_dur=1',
      path.join(dir, 'x.wav'),
    ]);
    const parts = Array.from({ length: 7 }, () => path.join(dir, 'x.wav'));
    execFileSync('sox', [...parts, path.join(dir, 'long.wav')]);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      path.join(dir, 'long.wav'),
      '-c:a',
      'libopus',
      long,
    ]);

    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Crash' })).body;
    const upload = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: fs.readFileSync(long),
      headers: { 'content-type': 'audio/webm', 'content-disposition': 'attachment; filename="long.webm"' },
    });
    expect(upload.status).toBe(201);
    const id = upload.body.id;
    const row = () =>
      server.db
        .selectFrom('voice_notes')
        .select(['status', 'attempts', 'progress', 'lease_owner', 'lease_expires_at', 'transcript'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const first = startWorker();
    // Mid-job: claimed, and some chunks decoded but not all.
    const claimed = await until('the first worker to make progress', async () => {
      const r = await row();
      return r.status === 'processing' && r.progress > 0 && r.progress < 1 ? r : undefined;
    });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const orphan = await row();
    expect(orphan).toMatchObject({ status: 'processing', attempts: 1, lease_owner: claimed.lease_owner });

    const second = startWorker();
    const done = await until('the second worker to finish', async () => {
      const r = await row();
      return r.status === 'done' || r.status === 'failed' ? r : undefined;
    });
    expect(done).toMatchObject({ status: 'done', attempts: 2, progress: 1, lease_owner: null });
    expect(done.transcript).toMatch(/mountains/);
    expect(second.exitCode).toBeNull();

    // Exactly one completion: one engine version, and the note stays done.
    const versions = await server.db
      .selectFrom('transcript_versions')
      .select(['source'])
      .where('voice_note_id', '=', id)
      .execute();
    expect(versions).toEqual([{ source: 'engine' }]);
    await new Promise((r) => setTimeout(r, LEASE_MS * 2));
    expect(await row()).toMatchObject({ status: 'done', attempts: 2 });
    second.kill('SIGTERM');
  },
);
