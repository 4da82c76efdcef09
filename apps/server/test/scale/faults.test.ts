/**
 * Faults in a scaled-out installation (issue 14): two API and two worker processes, each its
 * own OS process and DATA_DIR, on a PostgreSQL cluster this test starts itself (initdb/pg_ctl,
 * never the shared server) and a loopback S3 server. An API process and a worker are killed
 * with SIGKILL mid-work, S3 goes away during an upload, PostgreSQL restarts. No acknowledged
 * note may be lost, none may be half-written, and no object may be left without its note.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../../src/db/database.ts';
import {
  type ClusterSettings,
  clusterDb,
  runSweep,
  spokenRecording,
  startProcess,
  unreferenced,
  until,
  type VoxpadProcess,
} from '../support/cluster.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { Mailbox, registerMailbox } from '../support/mailbox.ts';
import { PrivatePostgres } from '../support/private-postgres.ts';
import { S3TestServer } from '../support/s3-server.ts';
import { slowUpload } from '../support/slow-upload.ts';
import { toneWav } from '../support/wav.ts';

const LEASE_MS = 2_000;
const MiB = 1024 * 1024;

let postgres: PrivatePostgres;
let s3: S3TestServer;
let mailbox: Mailbox;
let cluster: ClusterSettings;
let db: Db;
let bucket: string;
let api1: VoxpadProcess;
let api2: VoxpadProcess;
let worker1: VoxpadProcess;
let worker2: VoxpadProcess;
let fixtures: string;
let client: TestClient;
let pad: Pad;
/** Every upload the API acknowledged with 201: each must end up transcribed. */
const acknowledged: string[] = [];

beforeAll(async () => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-faults-'));
  [postgres, s3, mailbox] = await Promise.all([
    PrivatePostgres.start(),
    S3TestServer.start(),
    Mailbox.start(),
  ]);
  bucket = await s3.newBucket();
  cluster = {
    databaseUrl: postgres.url(),
    s3Env: s3.env(bucket),
    smtpUrl: mailbox.url,
    env: { TRANSCRIPTION_LEASE_MS: String(LEASE_MS) },
  };
  db = clusterDb(cluster);
  api1 = await startProcess('api1', 'api', cluster);
  [api2, worker1, worker2] = await Promise.all([
    startProcess('api2', 'api', cluster),
    startProcess('worker1', 'worker', cluster),
    startProcess('worker2', 'worker', cluster),
  ]);
  for (const api of [api1, api2]) registerMailbox(api.baseUrl, mailbox);
  ({ client } = await signedUpClient(api1.baseUrl));
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Faults' })).body;
});

afterAll(async () => {
  await Promise.all([api1, api2, worker1, worker2].filter(Boolean).map((p) => p.stop()));
  await db?.destroy();
  postgres?.close();
  await mailbox?.close();
  await s3?.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

const notesInPad = async () =>
  (await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`)).body.results.map((n) => n.id);

const noteRows = () =>
  db.selectFrom('voice_notes').select(['id', 'status', 'attempts', 'progress', 'transcript']).execute();

async function uploadNote(body: Buffer, type = 'audio/webm'): Promise<{ status: number; id?: string }> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body,
    headers: { 'content-type': type, 'content-disposition': 'attachment; filename="note.webm"' },
  });
  if (res.status === 201) acknowledged.push(res.body.id);
  return { status: res.status, ...(res.status === 201 ? { id: res.body.id } : {}) };
}

/** Objects in the bucket that no voice note refers to. */
const orphans = async () => unreferenced(db, await s3.keys(bucket));

describe.sequential('faults across processes on PostgreSQL + S3', () => {
  it('kill -9 of an API process mid-upload leaves no note, and after the sweeper no object', async () => {
    // ~19 MiB streamed slowly: several 6 MiB parts reach S3 before the crash.
    const upload = slowUpload(api2.baseUrl, client, pad.id, toneWav(600));
    await until('14 MiB to be sent', async () => (upload.sent() >= 14 * MiB ? true : undefined), 120_000);
    await api2.kill();
    const outcome = await upload.outcome;
    expect(outcome.kind).toBe('cut');

    expect(await notesInPad()).toEqual([]);
    expect(await noteRows()).toEqual([]);
    const printed = await runSweep(cluster, '0.001');
    expect(printed).toMatch(/^Sweep done: removed \d+ unreferenced blob/m);
    expect(await s3.keys(bucket)).toEqual([]);
    process.stdout.write(`[faults] api killed after ${upload.sent()} bytes; sweep: ${printed.trim()}\n`);
  });

  it('kill -9 of a worker mid-job: the note completes exactly once, by the other worker', async () => {
    // Only worker 1 may claim: worker 2 is frozen until worker 1 is dead.
    worker2.child.kill('SIGSTOP');
    let frozen = true;
    try {
      const audio = spokenRecording(fixtures, 'we should plan a trip to the mountains next summer', 6);
      const { status, id } = await uploadNote(audio);
      expect(status).toBe(201);
      const row = () =>
        db
          .selectFrom('voice_notes')
          .select(['status', 'attempts', 'progress', 'lease_owner', 'transcript'])
          .where('id', '=', id ?? '')
          .executeTakeFirstOrThrow();
      const claimed = await until('worker 1 to make progress', async () => {
        const r = await row();
        if (r.status === 'done' || r.status === 'failed') {
          throw new Error(
            `the note ended (${JSON.stringify(r)}) before worker 1 could be killed:\n${worker1.output}`,
          );
        }
        return r.status === 'processing' && r.progress > 0 && r.progress < 1 ? r : undefined;
      }).catch(async (error: unknown) => {
        throw new Error(
          `${String(error)}; note: ${JSON.stringify(await row())}; worker 1 said:\n${worker1.output}`,
        );
      });
      await worker1.kill();
      expect(await row()).toMatchObject({
        status: 'processing',
        attempts: 1,
        lease_owner: claimed.lease_owner,
      });
      worker2.child.kill('SIGCONT');
      frozen = false;

      const done = await until(
        'worker 2 to finish the note',
        async () => {
          const r = await row();
          return r.status === 'done' || r.status === 'failed' ? r : undefined;
        },
        180_000,
      );
      expect(done).toMatchObject({ status: 'done', attempts: 2, progress: 1, lease_owner: null });
      expect(done.transcript).toMatch(/mountains/);
      const versions = await db
        .selectFrom('transcript_versions')
        .select('source')
        .where('voice_note_id', '=', id ?? '')
        .execute();
      expect(versions).toEqual([{ source: 'engine' }]);
      // Nothing finishes it a second time once the dead worker's lease is long gone.
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
      expect(await row()).toMatchObject({ status: 'done', attempts: 2 });
      expect(worker2.running).toBe(true);
    } finally {
      if (frozen) worker2.child.kill('SIGCONT');
    }
  });

  it('S3 stopped during an upload: a clear 503, nothing half-written, and uploads work once it is back', async () => {
    const notesBefore = await notesInPad();
    const keysBefore = await s3.keys(bucket);
    const upload = slowUpload(api1.baseUrl, client, pad.id, toneWav(600));
    await until('8 MiB to be sent', async () => (upload.sent() >= 8 * MiB ? true : undefined), 120_000);
    await s3.stop();
    try {
      const outcome = await upload.outcome;
      expect(outcome).toEqual({
        kind: 'answered',
        status: 503,
        body: {
          status: 503,
          errors: [
            { code: 'storage_unavailable', message: 'Storage is unavailable, try again in a moment.' },
          ],
        },
      });
      expect(await notesInPad()).toEqual(notesBefore);
    } finally {
      await s3.restart();
    }
    expect(await s3.keys(bucket)).toEqual(keysBefore);
    const again = await uploadNote(toneWav(1), 'audio/wav');
    expect(again.status).toBe(201);
    expect(await orphans()).toEqual([]);
    expect(api1.running).toBe(true);
  });

  it('PostgreSQL restarted: readiness goes 503 and back, uploads meanwhile get a clear 503, nothing acknowledged is lost', async () => {
    const speech = spokenRecording(fixtures, 'please call me back tomorrow morning', 1);
    for (let i = 0; i < 3; i++) expect((await uploadNote(speech)).status).toBe(201);

    postgres.stop();
    try {
      const ready = await fetch(`${api1.baseUrl}/readyz`, { signal: AbortSignal.timeout(20_000) });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { database: 'unreachable', storage: 'ok' } });

      const during = await client.request('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
        body: speech,
        headers: { 'content-type': 'audio/webm', 'content-disposition': 'attachment; filename="note.webm"' },
      });
      expect(during.status).toBe(503);
      expect(during.headers.get('retry-after')).toBe('5');
      expect(during.body).toEqual({
        status: 503,
        errors: [
          { code: 'database_unavailable', message: 'The database is unavailable, try again in a moment.' },
        ],
      });
      for (const proc of [api1, worker2]) expect(proc.running, `${proc.name} survived the outage`).toBe(true);
    } finally {
      postgres.resume();
    }

    await until(
      'api1 to be ready again',
      async () => ((await fetch(`${api1.baseUrl}/readyz`)).status === 200 ? true : undefined),
      60_000,
    );
    const after = await uploadNote(speech);
    expect(after.status).toBe(201);

    const rows = await until(
      'every acknowledged note to be transcribed',
      async () => {
        const all = await noteRows();
        return all.every((r) => r.status === 'done' || r.status === 'failed') ? all : undefined;
      },
      180_000,
    );
    const done = rows.filter((r) => r.status === 'done');
    const orphaned = await orphans();
    process.stdout.write(
      `[faults] notes acknowledged: ${acknowledged.length}, notes done: ${done.length}, ` +
        `notes in database: ${rows.length}, objects in bucket: ${(await s3.keys(bucket)).length}, ` +
        `objects orphaned: ${orphaned.length}\n`,
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
    expect(done.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
    expect(orphaned).toEqual([]);
    for (const proc of [api1, worker2]) expect(proc.running, `${proc.name} still running`).toBe(true);
  });
});
