/**
 * A retry or re-transcription answers the note as the request queued it (jobs/job-requests.ts),
 * on each backend: here the workers' wake-up claims the note at once, as a PostgreSQL worker
 * woken by its signal can, and the answer must still say pending, attempt 0 (it said
 * "processing, attempt 1" when the note was read after the wake-up). On SQLite, whose one
 * connection runs queries in the order they are sent, the old order fails every time; on
 * PostgreSQL the pool may run the read first, so there it fails only sometimes, as in CI.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { retranscribe, retry, type JobRequestDeps } from '../../src/jobs/job-requests.ts';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { ownNote } from '../../src/transcripts/transcripts-service.ts';
import { signedUpClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { ownerOf } from '../support/summary-rows.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { uploadNote } from '../support/transcribed-notes.ts';
import { toneWav } from '../support/wav.ts';

let app: TestApp;

beforeAll(async () => {
  // ROLE=api: no worker of the app's own; the "worker" is the wake-up below.
  app = await startTestApp();
});
afterAll(() => app.close());

/** Deps whose wake-up claims the note as a worker would, before anything else can read it. */
function depsClaimingOnWake(noteId: string): { deps: JobRequestDeps; claimed: Promise<unknown>[] } {
  const claimed: Promise<unknown>[] = [];
  const deps: JobRequestDeps = {
    db: app.db,
    queue: new TranscriptionQueue(app.db, currentBackend()),
    engines: ['pocketsphinx'],
    onQueued: () => {
      claimed.push(
        app.db
          .updateTable('voice_notes')
          .set((eb) => ({ status: 'processing', attempts: eb('attempts', '+', 1) }))
          .where('id', '=', noteId)
          .execute(),
      );
    },
  };
  return { deps, claimed };
}

async function failedNote() {
  const { client } = await signedUpClient(app.baseUrl);
  const pad = await createPad(client, 'Jobs');
  const note = await uploadNote(client, pad.id, { bytes: toneWav(0.5), type: 'audio/wav', name: 'n.wav' });
  await app.db
    .updateTable('voice_notes')
    .set({ status: 'failed', failure_reason: 'The recording is silent.' })
    .where('id', '=', note.id)
    .execute();
  return ownNote(app.db, await ownerOf(app.db, note.id), pad.id, note.id);
}

it('answers a retry with the note as queued, even when a worker claims it at once', async () => {
  const note = await failedNote();
  const { deps, claimed } = depsClaimingOnWake(note.id);
  const answer = await retry(deps, note);
  await Promise.all(claimed);
  expect(claimed).toHaveLength(1);
  expect({ status: answer.status, attempts: answer.attempts }).toEqual({ status: 'pending', attempts: 0 });
});

it('answers a re-transcription with the note as queued, even when a worker claims it at once', async () => {
  const note = await failedNote();
  const { deps, claimed } = depsClaimingOnWake(note.id);
  const answer = await retranscribe(deps, note, {});
  await Promise.all(claimed);
  expect(claimed).toHaveLength(1);
  expect({ status: answer.status, attempts: answer.attempts }).toEqual({ status: 'pending', attempts: 0 });
});
