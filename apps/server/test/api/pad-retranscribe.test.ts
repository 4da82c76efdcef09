/**
 * POST /api/v1/pad/{id}/retranscribe/ (issue 21: re-transcribe a whole pad with what Voxpad
 * learnt) with the real worker (ROLE=all), on every backend: owner scoping, what is queued and
 * what is skipped (being transcribed, recording gone), typed text kept as a version, the jobs
 * run to the end, and the 409 when nothing can be queued. Decoding with a personal build is the
 * runner's and is the same for a note and a pad (adaptation-decoding.test.ts); the notes here
 * are a second of flite speech where the words matter and a fifth of a second of tone where
 * they do not, to keep the file fast.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import { type PadRetranscription, TRANSCRIPT_ERROR_CODES } from '@voxpad/shared/transcripts';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { notePath, settledNote, uploadNote } from '../support/transcribed-notes.ts';
import { speak } from '../transcription/support/speech.ts';
import { toneWav } from '../support/wav.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-pad-retranscribe-'));
const SPEECH = path.join(dir, 'speech.wav');

let server: TestApp;
let client: TestClient;
let other: TestClient;

beforeAll(async () => {
  speak('the cat sat on the mat', SPEECH);
  server = await startTestApp({ ROLE: 'all', WORKER_CONCURRENCY: '2', MAX_DURATION_SECONDS: '30' });
  ({ client } = await signedUpClient(server.baseUrl));
  ({ client: other } = await signedUpClient(server.baseUrl));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const retranscribePath = (padId: string) => `/api/v1/pad/${padId}/retranscribe/`;

/**
 * A note of `who` in `padId` once its first transcription is over: of speech (done), or of a
 * fifth of a second of tone, for notes whose words do not matter (done or failed, both may be
 * transcribed again).
 */
async function settledUpload(
  who: TestClient,
  padId: string,
  name: string,
  audio: 'speech' | 'tone' = 'tone',
): Promise<VoiceNote> {
  const bytes = audio === 'speech' ? fs.readFileSync(SPEECH) : toneWav(0.2);
  const note = await uploadNote(who, padId, { bytes, type: 'audio/wav', name });
  const settled = await settledNote(who, padId, note.id);
  if (audio === 'speech') expect(settled.status).toBe('done');
  return settled;
}

/** The note's recording is gone from storage (a lost disk, a failed copy), its row kept. */
async function loseRecording(noteId: string): Promise<void> {
  const row = await server.db
    .selectFrom('voice_notes')
    .select('storage_key')
    .where('id', '=', noteId)
    .executeTakeFirstOrThrow();
  await server.storage.delete(row.storage_key);
}

/**
 * Another worker holds the note for ten minutes. Written straight to the row: going through the
 * queue's claim would race this app's own workers for it.
 */
async function holdByAnotherWorker(noteId: string): Promise<void> {
  await server.db
    .updateTable('voice_notes')
    .set({ status: 'processing', lease_owner: 'another-worker', lease_expires_at: Date.now() + 600_000 })
    .where('id', '=', noteId)
    .execute();
}

type Version = { source: string; text: string; current: boolean };
const versionsOf = async (padId: string, id: string) =>
  (await client.get<{ results: Version[] }>(`${notePath(padId, id)}/versions/`)).body.results;

describe('re-transcribing a pad', { timeout: 120_000 }, () => {
  it('queues every note with its recording that is not busy, keeps typed text, and the jobs finish', async () => {
    const pad = await createPad(client, 'Hives');
    const theirPad = await createPad(other, 'Theirs');
    const [edited, plain, lost, held, theirs] = await Promise.all([
      settledUpload(client, pad.id, 'edited.wav', 'speech'),
      settledUpload(client, pad.id, 'plain.wav', 'speech'),
      settledUpload(client, pad.id, 'lost.wav'),
      settledUpload(client, pad.id, 'held.wav'),
      settledUpload(other, theirPad.id, 'theirs.wav'),
    ]);

    const edit = await client.request('PATCH', `${notePath(pad.id, edited.id)}/`, {
      json: { transcript: 'my own words' },
    });
    expect(edit.status).toBe(200);
    await loseRecording(lost.id);
    await holdByAnotherWorker(held.id);

    // Another person's pad is not found, either way round; so is a pad that does not exist.
    expect((await other.post(retranscribePath(pad.id))).status).toBe(404);
    expect((await client.post(retranscribePath(theirPad.id))).status).toBe(404);
    const missing = await client.post<{ errors: { code: string; message: string }[] }>(
      retranscribePath('no-such-pad'),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ code: 'not_found', message: 'This pad was not found.' });

    // A body like a note's transcribe/: an engine this server lacks is refused, naming it.
    const whisper = await client.post<{ errors: { param: string }[] }>(retranscribePath(pad.id), {
      engine: 'whisper',
    });
    expect(whisper.status).toBe(400);
    expect(whisper.body.errors[0]?.param).toBe('engine');
    expect((await client.post(retranscribePath(pad.id), { speed: 2 })).status).toBe(400);

    const queued = await client.post<PadRetranscription>(retranscribePath(pad.id), { language: 'en' });
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({ queued: 2, skipped: 2, already_transcribing: 1, without_audio: 1 });

    const again = await settledNote(client, pad.id, edited.id);
    // The engine's words are back, and the typed text is a version to restore.
    expect(again).toMatchObject({ status: 'done', transcript: edited.transcript, language: 'en' });
    const editedVersions = await versionsOf(pad.id, edited.id);
    expect(editedVersions.map((v) => v.source)).toEqual(['engine', 'manual', 'engine']);
    expect(editedVersions[1]?.text).toBe('my own words');

    expect(await settledNote(client, pad.id, plain.id)).toMatchObject({
      status: 'done',
      language: 'en',
    });
    expect((await versionsOf(pad.id, plain.id)).map((v) => v.source)).toEqual(['engine', 'engine']);

    // Skipped notes are as they were: the one without a recording keeps its transcript, the
    // busy one stays with its worker.
    const lostNow = (await client.get<VoiceNote>(`${notePath(pad.id, lost.id)}/`)).body;
    expect(lostNow).toMatchObject({
      status: lost.status,
      transcript: lost.transcript,
      updated_at: lost.updated_at,
    });
    expect(
      await server.db
        .selectFrom('voice_notes')
        .select(['status', 'lease_owner'])
        .where('id', '=', held.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'processing', lease_owner: 'another-worker' });

    // The other person's note was never touched.
    const theirsNow = (await other.get<VoiceNote>(`${notePath(theirPad.id, theirs.id)}/`)).body;
    expect(theirsNow).toMatchObject({ status: theirs.status, updated_at: theirs.updated_at });
  });

  it('answers 409 with the reason when no note can be queued', async () => {
    const conflictOf = async (padId: string) => {
      const res = await client.post<{ errors: { code: string; message: string }[] }>(retranscribePath(padId));
      expect(res.status).toBe(409);
      expect(res.body.errors[0]?.code).toBe(TRANSCRIPT_ERROR_CODES.nothingToRetranscribe);
      return res.body.errors[0]?.message;
    };

    const empty = await createPad(client, 'Empty');
    expect(await conflictOf(empty.id)).toBe('This pad has no voice notes to transcribe again.');

    const pad: Pad = await createPad(client, 'Gone');
    const [lost, held] = await Promise.all([
      settledUpload(client, pad.id, 'lost.wav'),
      settledUpload(client, pad.id, 'held.wav'),
    ]);
    await loseRecording(lost.id);
    await holdByAnotherWorker(held.id);
    expect(await conflictOf(pad.id)).toBe(
      'Nothing to transcribe again: 1 voice note is being transcribed already, and 1 has lost its recording.',
    );
  });
});
