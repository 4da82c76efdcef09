/**
 * Scale-out on PostgreSQL + S3 (issue 14): two API and two worker processes, each its own OS
 * process with its own DATA_DIR (no shared disk), one database and one bucket. A note uploaded
 * through API 1 is listed, played by range, followed live, searched and exported through API 2
 * while a worker process transcribes it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../../src/db/database.ts';
import type { TranscriptionState } from '../../src/transcripts/transcription-state.ts';
import {
  type ClusterSettings,
  clusterDb,
  spokenRecording,
  startProcess,
  unreferenced,
  type VoxpadProcess,
} from '../support/cluster.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { Mailbox, registerMailbox } from '../support/mailbox.ts';
import { cookieHeader } from '../support/raw-request.ts';
import { S3TestServer } from '../support/s3-server.ts';
import { createPostgresDatabase } from '../support/test-database.ts';
import { readEvents, type ServerEvent } from '../support/server-events.ts';

let s3: S3TestServer;
let database: { url: string; drop: () => Promise<void> };
let mailbox: Mailbox;
let cluster: ClusterSettings;
let db: Db;
let bucket: string;
let api1: VoxpadProcess;
let api2: VoxpadProcess;
let workers: VoxpadProcess[] = [];
let fixtures: string;

beforeAll(async () => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-scale-'));
  [s3, database, mailbox] = await Promise.all([
    S3TestServer.start(),
    createPostgresDatabase(),
    Mailbox.start(),
  ]);
  bucket = await s3.newBucket();
  cluster = { databaseUrl: database.url, s3Env: s3.env(bucket), smtpUrl: mailbox.url };
  db = clusterDb(cluster);
  // The first process migrates the database; the others find it ready.
  api1 = await startProcess('api1', 'api', cluster);
  [api2, ...workers] = await Promise.all([
    startProcess('api2', 'api', cluster),
    startProcess('worker1', 'worker', cluster),
    startProcess('worker2', 'worker', cluster),
  ]);
  for (const api of [api1, api2]) registerMailbox(api.baseUrl, mailbox);
});

afterAll(async () => {
  await Promise.all([api1, api2, ...workers].filter(Boolean).map((p) => p.stop()));
  await db?.destroy();
  await database?.drop();
  await mailbox?.close();
  await s3?.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

it(
  'serves a note uploaded through one API process from the other while a worker process transcribes it',
  { timeout: 300_000 },
  async () => {
    // ~20 s of speech: long enough for progress to move while the other checks run.
    const audio = spokenRecording(fixtures, 'please remember to buy milk and bread', 6);
    const { client: viaApi1 } = await signedUpClient(api1.baseUrl);
    // The same browser session, now answered by the other API process.
    const viaApi2 = new TestClient(api2.baseUrl);
    for (const [name, value] of viaApi1.cookies) viaApi2.cookies.set(name, value);

    const pad = (await viaApi1.post<Pad>('/api/v1/pad/', { name: 'Groceries' })).body;
    const uploaded = await viaApi1.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: audio,
      headers: { 'content-type': 'audio/webm', 'content-disposition': 'attachment; filename="milk.webm"' },
    });
    expect(uploaded.status).toBe(201);
    const note = uploaded.body;
    const notePath = `/api/v1/pad/${pad.id}/voicenote/${note.id}/`;

    // A client of API 2 follows the job that a worker process runs.
    const following = readEvents(`${api2.baseUrl}${notePath}events/`, cookieHeader(viaApi2.cookies));

    const listed = await viaApi2.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((n) => n.id)).toEqual([note.id]);

    const cookie = cookieHeader(viaApi2.cookies);
    const ranged = await fetch(`${api2.baseUrl}${note.audio_url}`, {
      headers: { cookie, range: 'bytes=1000-4999' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-4999/${audio.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(audio.subarray(1000, 5000))).toBe(true);
    const stateWhilePlaying = (await viaApi2.get<VoiceNote>(notePath)).body.status;

    const events: ServerEvent[] = await following;
    const states = events.filter((e) => e.event === 'state').map((e) => e.data as TranscriptionState);
    const moving = states.filter((s) => s.status === 'processing');
    expect(events.at(-1)).toEqual({ event: 'end', data: { status: 'done' } });
    expect(moving.length).toBeGreaterThan(0);
    expect(states.at(-1)).toMatchObject({ status: 'done', progress: 1 });

    const found = await viaApi2.get<Page<{ voice_note: { id: string }; snippet: string | null }>>(
      '/api/v1/search/voicenote/?q=milk',
    );
    expect(found.status).toBe(200);
    expect(found.body.results.map((hit) => hit.voice_note.id)).toEqual([note.id]);

    const exported = await viaApi2.get(`${notePath}transcript.txt`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(exported.text).toMatch(/milk/);

    // No process kept audio on its own disk: every byte lives in the bucket.
    const keys = await s3.keys(bucket);
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^audio/.+/${note.id}\\.webm$`))]);
    expect(await unreferenced(db, keys)).toEqual([]);
    for (const proc of [api1, api2, ...workers]) {
      expect(fs.existsSync(path.join(proc.dataDir, 'blobs')), `${proc.name} stored audio locally`).toBe(
        false,
      );
    }
    const row = await db
      .selectFrom('voice_notes')
      .select(['status', 'attempts'])
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', attempts: 1 });
    for (const proc of [api1, api2, ...workers])
      expect(proc.running, `${proc.name} still running`).toBe(true);

    process.stdout.write(
      `[multi-process] processes: 2 api + 2 worker; note ${note.id} (${audio.length} bytes) ` +
        `uploaded via api1, listed/ranged/searched/exported via api2 (status while playing: ` +
        `${stateWhilePlaying}); progress events at api2: ${states.length} state ` +
        `(${moving.length} processing) + end; objects in bucket: ${keys.length}, orphaned: 0\n`,
    );
  },
);
