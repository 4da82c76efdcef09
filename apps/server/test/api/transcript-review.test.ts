/**
 * "Confirm transcript" (ADR 0037) on a real database, per backend: the owner confirms a note's
 * transcript and takes it back, an edit marks it corrected, a new engine transcript resets it,
 * restoring typed text marks it corrected again, another user's ids answer 404, the CSRF check
 * holds, only reviewed notes are learnable, and migration 0019 counts earlier edits as corrections.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { TranscriptVersionList } from '@voxpad/shared/transcripts';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import * as migration0019 from '../../src/db/migrations/0019-transcript-review.ts';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { learnableNotes } from '../../src/transcripts/learnable-notes.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

const SPOKEN = 'call the dentist on monday';

async function userWithPad() {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Review' })).body;
  const me = await client.get<{ data: { user: { id: string } } }>('/_headless/browser/v1/auth/session');
  return { client, pad, userId: me.body.data.user.id };
}

const notePath = (pad: Pad, id: string) => `/api/v1/pad/${pad.id}/voicenote/${id}/`;
const transcriptConfirmPath = (padId: string, id: string) =>
  `/api/v1/pad/${padId}/voicenote/${id}/transcript/confirm/`;

async function uploaded(client: TestClient, pad: Pad): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: toneWav(0.1),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function transcribed(client: TestClient, pad: Pad, spoken = SPOKEN): Promise<VoiceNote> {
  const note = await uploaded(client, pad);
  await completeTranscription(server.db, note.id, spoken);
  return (await client.get<VoiceNote>(notePath(pad, note.id))).body;
}

const confirm = (client: TestClient, note: VoiceNote) =>
  client.post<VoiceNote>(transcriptConfirmPath(note.pad_id, note.id));
const unconfirm = (client: TestClient, note: VoiceNote) =>
  client.delete<VoiceNote>(transcriptConfirmPath(note.pad_id, note.id));

describe('confirm transcript', () => {
  it('a new transcript is not reviewed; confirming answers the note, confirmed, and DELETE takes it back', async () => {
    const { client, pad } = await userWithPad();
    const note = await transcribed(client, pad);
    expect(note).toMatchObject({ transcript_reviewed: 'none', transcript_reviewed_at: null });

    const before = Date.now();
    const confirmed = await confirm(client, note);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({
      id: note.id,
      transcript: note.transcript,
      transcript_reviewed: 'confirmed',
    });
    expect(Date.parse(confirmed.body.transcript_reviewed_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await client.get<VoiceNote>(notePath(pad, note.id))).body.transcript_reviewed).toBe('confirmed');

    const undone = await unconfirm(client, note);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body).toMatchObject({ transcript_reviewed: 'none', transcript_reviewed_at: null });
    expect((await client.get<VoiceNote>(notePath(pad, note.id))).body.transcript_reviewed).toBe('none');
  });

  it('an edit of the transcript marks it corrected; confirming an edited note keeps it corrected', async () => {
    const { client, pad } = await userWithPad();
    const note = await transcribed(client, pad);
    const edited = await client.request<VoiceNote>('PATCH', notePath(pad, note.id), {
      json: { transcript: 'Call the dentist on Tuesday.' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ transcript_edited: true, transcript_reviewed: 'corrected' });
    expect(edited.body.transcript_reviewed_at).not.toBeNull();
    // A rename is not a review.
    const renamed = await client.request<VoiceNote>('PATCH', notePath(pad, note.id), {
      json: { title: 'Dentist' },
    });
    expect(renamed.body.transcript_reviewed).toBe('corrected');
    expect((await confirm(client, note)).body.transcript_reviewed).toBe('corrected');

    const plain = await transcribed(client, pad);
    expect(
      (await client.request<VoiceNote>('PATCH', notePath(pad, plain.id), { json: { title: 'x' } })).body,
    ).toMatchObject({ transcript_reviewed: 'none' });
  });

  it('a re-transcription resets the review; restoring the typed version makes it corrected again', async () => {
    const { client, pad } = await userWithPad();
    const note = await transcribed(client, pad);
    expect((await confirm(client, note)).body.transcript_reviewed).toBe('confirmed');

    const again = await client.post(`${notePath(pad, note.id)}transcribe/`);
    expect(again.status, again.text).toBe(202);
    // Still confirmed while the job waits: the confirmed text is still the note's.
    expect((await client.get<VoiceNote>(notePath(pad, note.id))).body.transcript_reviewed).toBe('confirmed');
    await completeTranscription(server.db, note.id, 'call the dentist on sunday');
    expect((await client.get<VoiceNote>(notePath(pad, note.id))).body).toMatchObject({
      transcript: 'Call the dentist on Sunday.',
      transcript_reviewed: 'none',
      transcript_reviewed_at: null,
    });

    // Typed text, then a re-transcription: the engine's text is not reviewed, the typed text comes back corrected.
    const typed = 'Call the dentist on Friday.';
    await client.request('PATCH', notePath(pad, note.id), { json: { transcript: typed } });
    await client.post(`${notePath(pad, note.id)}transcribe/`);
    await completeTranscription(server.db, note.id, 'call the dentist on monday');
    const afterEngine = (await client.get<VoiceNote>(notePath(pad, note.id))).body;
    expect(afterEngine).toMatchObject({ transcript_edited: false, transcript_reviewed: 'none' });
    const versions = (await client.get<TranscriptVersionList>(`${notePath(pad, note.id)}versions/`)).body
      .results;
    const typedVersion = versions.find((v) => v.text === typed)!;
    const restored = await client.post(`${notePath(pad, note.id)}versions/${typedVersion.id}/restore/`);
    expect(restored.status, restored.text).toBe(200);
    expect((await client.get<VoiceNote>(notePath(pad, note.id))).body).toMatchObject({
      transcript: typed,
      transcript_reviewed: 'corrected',
    });
    // An engine version restored is the engine's text again: not reviewed.
    const engineVersion = versions.find((v) => v.source === 'engine')!;
    await client.post(`${notePath(pad, note.id)}versions/${engineVersion.id}/restore/`);
    expect((await client.get<VoiceNote>(notePath(pad, note.id))).body.transcript_reviewed).toBe('none');
  });

  it('refuses a note without a transcript or being transcribed, in words', async () => {
    const { client, pad } = await userWithPad();
    const waiting = await uploaded(client, pad);
    const res = await confirm(client, waiting);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      status: 409,
      errors: [
        { code: 'transcription_in_progress', message: expect.stringMatching(/still being transcribed/) },
      ],
    });
    const queue = new TranscriptionQueue(server.db, currentBackend());
    expect(await queue.failUnclaimed(waiting.id, 'This recording could not be read.')).toBe(true);
    const failed = await confirm(client, waiting);
    expect(failed.status).toBe(409);
    expect(failed.body).toMatchObject({
      errors: [{ code: 'no_transcript', message: 'This voice note has no transcript to confirm yet.' }],
    });
  });

  it("another user's note answers 404 for both methods, and nothing changes", async () => {
    const { client, pad } = await userWithPad();
    const note = await transcribed(client, pad);
    const { client: other, pad: otherPad } = await userWithPad();
    for (const res of [
      await confirm(other, note),
      await unconfirm(other, note),
      await other.post(transcriptConfirmPath(otherPad.id, note.id)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, errors: [{ code: 'not_found' }] });
    }
    await confirm(client, note);
    expect((await unconfirm(other, note)).status).toBe(404);
    expect((await client.get<VoiceNote>(notePath(pad, note.id))).body.transcript_reviewed).toBe('confirmed');
  });

  it('needs the CSRF token and a session', async () => {
    const { client, pad } = await userWithPad();
    const note = await transcribed(client, pad);
    client.sendCsrf = false;
    expect((await confirm(client, note)).status).toBe(403);
    expect((await unconfirm(client, note)).status).toBe(403);
    client.sendCsrf = true;
    expect((await client.get<VoiceNote>(notePath(pad, note.id))).body.transcript_reviewed).toBe('none');
    const stranger = (await signedUpClient(server.baseUrl)).client;
    stranger.cookies.delete('sessionid');
    expect([401, 403]).toContain((await confirm(stranger, note)).status);
  });
});

describe('learnableNotes', () => {
  it("lists the owner's confirmed and corrected notes with their final words and audio, nothing else", async () => {
    const { client, pad, userId } = await userWithPad();
    const confirmedNote = await transcribed(client, pad);
    await confirm(client, confirmedNote);
    const correctedNote = await transcribed(client, pad, 'buy milk and bread');
    await client.request('PATCH', notePath(pad, correctedNote.id), {
      json: { transcript: 'Buy oat milk and bread.' },
    });
    await transcribed(client, pad, 'not reviewed at all');
    const { client: other, pad: otherPad } = await userWithPad();
    await confirm(other, await transcribed(other, otherPad));

    const learnable = await learnableNotes(server.db, userId);
    expect(learnable.map((n) => [n.id, n.review])).toEqual([
      [confirmedNote.id, 'confirmed'],
      [correctedNote.id, 'corrected'],
    ]);
    const corrected = learnable[1]!;
    expect(corrected.transcript).toBe('Buy oat milk and bread.');
    expect(corrected.words.map((w) => w.word)).toEqual(['buy', 'oat', 'milk', 'and', 'bread']);
    expect(corrected.words.map((w) => w.text)).toEqual(['Buy', 'oat', 'milk', 'and', 'bread.']);
    for (const word of corrected.words) expect(word.end).toBeGreaterThanOrEqual(word.start);
    const stored = await server.db
      .selectFrom('voice_notes')
      .select('storage_key')
      .where('id', '=', correctedNote.id)
      .executeTakeFirstOrThrow();
    expect(corrected.storageKey).toBe(stored.storage_key);
    expect(await server.storage.size(corrected.storageKey)).toBeGreaterThan(0);
  });
});

describe('migration 0019', () => {
  it('counts transcripts edited before it as corrected, and goes back down', async () => {
    const { client, pad } = await userWithPad();
    const edited = await transcribed(client, pad);
    await client.request('PATCH', notePath(pad, edited.id), { json: { transcript: 'Call the vet.' } });
    const plain = await transcribed(client, pad);
    const reviewOf = async (id: string) =>
      server.db
        .selectFrom('voice_notes')
        .select(['transcript_reviewed', 'transcript_reviewed_at', 'updated_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const untyped = server.db as Kysely<unknown>;
    await migration0019.down(untyped);
    await migration0019.up(untyped);
    const after = await reviewOf(edited.id);
    expect(after).toMatchObject({
      transcript_reviewed: 'corrected',
      transcript_reviewed_at: after.updated_at,
    });
    expect(await reviewOf(plain.id)).toMatchObject({
      transcript_reviewed: 'none',
      transcript_reviewed_at: null,
    });
  });
});
