import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { LOST_AUDIO_REASON, sweep, type SweepDeps } from '../../src/maintenance/sweeper.ts';
import { main as sweepCommand } from '../../src/cli/sweep.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { S3TestServer } from '../support/s3-server.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { currentBackend } from '../support/test-database.ts';
import { toneWav } from '../support/wav.ts';

/** The sweeper on this backend's database, with local files and with S3 (s3rver). */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await S3TestServer.start();
});
afterAll(async () => {
  await s3.close();
});

const HOUR = 60 * 60 * 1000;

describe.each(['local', 's3'] as const)('sweeper with %s storage', (kind) => {
  let server: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = kind === 's3' ? await s3.bucketEnv() : {};
    server = await startTestApp(env);
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (client: TestClient, padId: string) => {
    const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
      body: toneWav(0.2),
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording.wav"' },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const keyOf = async (id: string) =>
    (
      await server.db
        .selectFrom('voice_notes')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key;
  const statusOf = async (id: string) =>
    server.db
      .selectFrom('voice_notes')
      .select(['status', 'failure_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('removes unreferenced audio and fails waiting notes without audio, after the grace period only', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
    const queue = new TranscriptionQueue(server.db, currentBackend());

    const done = await upload(client, pad.id);
    await completeTranscription(server.db, done.id, 'kept with its audio');
    const doneLost = await upload(client, pad.id);
    await completeTranscription(server.db, doneLost.id, 'transcript outlives its audio');
    const running = await upload(client, pad.id);
    expect((await queue.claimNext('busy-worker', 4 * HOUR))?.id).toBe(running.id);
    const lost = await upload(client, pad.id);
    const waiting = await upload(client, pad.id);
    for (const note of [doneLost, running, lost]) await server.storage.delete(await keyOf(note.id));

    const orphanKey = 'audio/a-deleted-account/01orphan.wav';
    await server.storage.put(orphanKey, Readable.from([Buffer.alloc(1234)]));
    await server.storage.put('uploads/part-of-a-resumable-upload.bin', Readable.from([Buffer.alloc(10)]));

    const logged: { details: Record<string, unknown>; message: string }[] = [];
    const record = (details: object, message: string) =>
      logged.push({ details: details as Record<string, unknown>, message });
    const deps: SweepDeps = {
      db: server.db,
      storage: server.storage,
      queue,
      log: { info: record, warn: record },
      graceMs: HOUR,
    };

    // Everything is younger than the grace period: nothing is touched.
    expect(await sweep(deps)).toEqual({
      orphanedBlobs: 0,
      orphanedBytes: 0,
      notesWithoutAudio: 0,
      orphanedModelBlobs: 0,
      expiredDeletions: 0,
    });
    expect(await server.storage.size(orphanKey)).toBe(1234);
    expect((await statusOf(lost.id)).status).toBe('pending');

    // Two hours on.
    const later = Date.now() + 2 * HOUR;
    expect(await sweep(deps, later)).toEqual({
      orphanedBlobs: 1,
      orphanedBytes: 1234,
      notesWithoutAudio: 1,
      orphanedModelBlobs: 0,
      expiredDeletions: 0,
    });
    expect(await server.storage.size(orphanKey)).toBeUndefined();
    expect(await server.storage.size('uploads/part-of-a-resumable-upload.bin')).toBe(10);
    expect(await server.storage.size(await keyOf(done.id))).toBeGreaterThan(0);
    expect(await server.storage.size(await keyOf(waiting.id))).toBeGreaterThan(0);
    expect(await statusOf(lost.id)).toEqual({ status: 'failed', failure_reason: LOST_AUDIO_REASON });
    expect((await statusOf(waiting.id)).status).toBe('pending');
    expect((await statusOf(running.id)).status).toBe('processing');
    expect((await statusOf(doneLost.id)).status).toBe('done');
    const seen = await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${lost.id}/`);
    expect(seen.body).toMatchObject({ status: 'failed', failure_reason: LOST_AUDIO_REASON });

    expect(logged).toEqual(
      expect.arrayContaining([
        {
          details: { key: orphanKey, sizeBytes: 1234, reason: 'no voice note refers to it' },
          message: 'sweeper removed a blob',
        },
        {
          details: { noteId: lost.id, key: await keyOf(lost.id), reason: 'its audio is missing' },
          message: 'sweeper marked a voice note failed',
        },
      ]),
    );

    // Nothing is left to do: a second run (or another process) changes nothing.
    expect(await sweep(deps, later)).toEqual({
      orphanedBlobs: 0,
      orphanedBytes: 0,
      notesWithoutAudio: 0,
      orphanedModelBlobs: 0,
      expiredDeletions: 0,
    });
  });

  it.runIf(kind === 'local')('runs as a command: npm run sweep', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
    const note = await upload(client, pad.id);
    const orphanKey = 'audio/a-deleted-account/01stale.wav';
    await server.storage.put(orphanKey, Readable.from([Buffer.alloc(99)]));
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    await fs.utimes(path.join(server.dataDir, 'blobs', orphanKey), twoHoursAgo, twoHoursAgo);

    const code = await sweepCommand({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: server.dataDir,
      ...(server.config.database.kind === 'postgres' ? { DATABASE_URL: server.config.database.url } : {}),
      ...env,
    });
    expect(code).toBe(0);
    expect(await server.storage.size(orphanKey)).toBeUndefined();
    expect(await server.storage.size(await keyOf(note.id))).toBeGreaterThan(0);

    expect(await sweepCommand({ DATA_DIR: server.dataDir, S3_ACCESS_KEY_ID: 'only-the-key' })).toBe(78);
  });
});
