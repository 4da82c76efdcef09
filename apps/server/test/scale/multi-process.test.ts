/**
 * Scale-out on PostgreSQL + S3 (issue 14): two API and two worker processes, each its own OS
 * process with its own DATA_DIR (no shared disk), one database and one bucket. A note uploaded
 * through API 1 is listed, played by range, followed live, searched and exported through API 2
 * while a worker process transcribes it. A word a person adds through API 1 is built into their
 * personal model by a worker process and stored in the bucket; their upload is then decoded with
 * it by a worker process and their live stream by API 2, while another person's same clip and
 * earlier note stay as the stock model made them (issue 21, ADR 0040).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdaptationState } from '@voxpad/shared/adaptation';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../../src/db/database.ts';
import type { TranscriptionState } from '../../src/transcripts/transcription-state.ts';
import {
  type ClusterSettings,
  clusterDb,
  personalModelsHeld,
  spokenRecording,
  startProcess,
  unreferenced,
  until,
  type VoxpadProcess,
} from '../support/cluster.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import {
  browserHeaders,
  filedNote,
  finalWords,
  type LiveConnection,
  liveUrl,
  spokenRecording as liveSpokenRecording,
  openLive,
  playPcm,
} from '../support/live-client.ts';
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

    // No process kept audio on its own disk: every byte lives in the bucket, the waveform's
    // peaks (made by the worker while it decoded, ADR 0056) beside the audio.
    const keys = await s3.keys(bucket);
    expect([...keys].sort()).toEqual([
      expect.stringMatching(new RegExp(`^audio/.+/${note.id}\\.peaks$`)),
      expect.stringMatching(new RegExp(`^audio/.+/${note.id}\\.webm$`)),
    ]);
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

const NAME = /\bzarvokin\b/i;

it(
  "decodes with the owner's personal model in other processes: a worker the upload, an API process the live stream",
  { timeout: 300_000 },
  async () => {
    const started = performance.now();
    const seconds = (from: number, to: number): string => ((to - from) / 1000).toFixed(1);
    // One short flite clip (~3 s), the same as the single-process test's.
    const clip = liveSpokenRecording(fixtures, ['please ask zarvokin about the meeting']);
    const wav = fs.readFileSync(clip.wav);
    const [owner, other] = await Promise.all([person(), person()]);
    const ownerId = await userIdOf(owner.username);

    // The other person's note, decoded by a worker while the owner's model is being built.
    const theirFirst = upload(other, wav);
    // Through API 1, which does not build: adding the word queues a build that a worker
    // process claims, and the files go to the bucket.
    const added = await owner.viaApi1.post('/api/v1/vocabulary/', {
      word: 'Zarvokin',
      pronunciation: 'Z AA R V OW K AH N',
    });
    expect(added.status, added.text).toBe(201);
    const state = await until('the personal model build', async () => {
      const { body } = await owner.viaApi2.get<AdaptationState>('/api/v1/adaptation/');
      return body.status === 'ready' || body.status === 'failed' ? body : undefined;
    });
    expect(state.status, state.error ?? '').toBe('ready');
    const built = performance.now();
    const { build_id: buildId } = await db
      .selectFrom('adaptation_states')
      .select('build_id')
      .where('user_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    const buildKeys = (await s3.keys(bucket)).filter((key) => key.startsWith('adaptation/'));
    expect(buildKeys).toContain(`adaptation/${ownerId}/${buildId}/manifest.json`);
    expect(buildKeys.every((key) => key.startsWith(`adaptation/${ownerId}/${buildId}/`))).toBe(true);
    const before = await theirFirst;
    const firstDone = performance.now();
    expect(before.status).toBe('done');
    expect(before.transcript ?? '').not.toMatch(NAME);

    // At once: the owner's upload through API 1 (a worker decodes it), the other person's
    // same clip (the other worker, or the same one after it), and the owner's live stream
    // through API 2 (its finals are decoded in API 2 itself, with API 2's own engine).
    const took: Record<string, string> = {};
    const timed = async <T>(what: string, work: Promise<T>): Promise<T> => {
      const from = performance.now();
      const result = await work;
      took[what] = seconds(from, performance.now());
      return result;
    };
    const [mine, theirs, live] = await Promise.all([
      timed('owner upload', upload(owner, wav)),
      timed('other upload', upload(other, wav)),
      timed('live', streamLive(owner, clip.pcm)),
    ]);
    expect(mine.status).toBe('done');
    expect(mine.transcript ?? '').toMatch(NAME);
    const liveFinals = finalWords(live)
      .map((w) => w.word)
      .join(' ');
    expect(liveFinals).toMatch(NAME);
    expect(filedNote(live)?.transcript ?? '').toMatch(NAME);
    expect(theirs.status).toBe('done');
    expect(theirs.transcript ?? '').not.toMatch(NAME);
    const again = (await other.viaApi1.get<VoiceNote>(notePathOf(other, before.id))).body;
    expect(again.transcript).toBe(before.transcript);
    expect(again.updated_at).toBe(before.updated_at);

    // Who loaded the build: the worker that decoded the upload and API 2 (the live stream),
    // each into its own DATA_DIR, from the bucket; API 1 decoded nothing; nobody holds a
    // model of the other person (they have none).
    const decodedBy = workers.filter((w) => personalModelsHeld(w, ownerId).length > 0);
    expect(decodedBy.map((w) => personalModelsHeld(w, ownerId))).toEqual([[buildId]]);
    expect(personalModelsHeld(api2, ownerId)).toEqual([buildId]);
    expect(personalModelsHeld(api1, ownerId)).toEqual([]);
    const otherId = await userIdOf(other.username);
    for (const proc of [api1, api2, ...workers]) expect(personalModelsHeld(proc, otherId)).toEqual([]);
    for (const proc of [api1, api2, ...workers])
      expect(proc.running, `${proc.name} still running`).toBe(true);

    process.stdout.write(
      `[multi-process] personal model: build ${buildId} (${buildKeys.length} objects in the bucket) ` +
        `ready ${seconds(started, built)} s after the start, other's first note ` +
        `${seconds(started, firstDone)} s; then at once (s): ${JSON.stringify(took)}; owner's upload decoded by ` +
        `${decodedBy.map((w) => w.name).join(', ')} (${JSON.stringify(mine.transcript)}), live ` +
        `finals in api2 (${JSON.stringify(liveFinals)}), other's note (${JSON.stringify(theirs.transcript)}); ` +
        `${seconds(started, performance.now())} s in all\n`,
    );
  },
);

interface Person {
  username: string;
  viaApi1: TestClient;
  /** The same browser session, answered by API 2. */
  viaApi2: TestClient;
  pad: Pad;
}

async function person(): Promise<Person> {
  const { client: viaApi1, username } = await signedUpClient(api1.baseUrl);
  const viaApi2 = new TestClient(api2.baseUrl);
  for (const [name, value] of viaApi1.cookies) viaApi2.cookies.set(name, value);
  const pad = (await viaApi1.post<Pad>('/api/v1/pad/', { name: 'Meetings' })).body;
  return { username, viaApi1, viaApi2, pad };
}

async function userIdOf(username: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

function notePathOf(who: Person, id: string): string {
  return `/api/v1/pad/${who.pad.id}/voicenote/${id}/`;
}

/** A live stream of `pcm` through API 2, at four times real time, until the server closes it. */
async function streamLive(who: Person, pcm: Buffer): Promise<LiveConnection> {
  const connection = await openLive(
    liveUrl(api2.baseUrl, who.pad.id),
    browserHeaders(who.viaApi2, api2.baseUrl),
  );
  connection.socket.send(JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000 }));
  await playPcm(connection.socket, pcm, { speed: 4 });
  connection.socket.send(JSON.stringify({ type: 'stop' }));
  expect((await connection.closed).code).toBe(1000);
  return connection;
}

/** Uploads the clip through API 1 and waits until a worker process has transcribed it. */
async function upload(who: Person, wav: Buffer): Promise<VoiceNote> {
  const res = await who.viaApi1.request<VoiceNote>('POST', `/api/v1/pad/${who.pad.id}/voicenote/`, {
    body: wav,
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="clip.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  return until(`note ${res.body.id} transcribed`, async () => {
    const note = (await who.viaApi1.get<VoiceNote>(notePathOf(who, res.body.id))).body;
    return note.status === 'done' || note.status === 'failed' ? note : undefined;
  });
}
