/**
 * The voice profile's storage (ADR 0058) on each backend, without decoding: a reviewed one-voice
 * note teaches once; notes folded side by side in their own transactions are all counted (the
 * fold's compare-and-set retries on PostgreSQL, where both may read "no profile yet"); an
 * unreviewed note and another person's note teach nothing; forgetting removes the profile.
 * Recognition from real speech is api/your-voice.test.ts (decodes, so on one backend).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { VoicePrint } from '../../src/transcription/speakers/voiceprint.ts';
import { teachVoice } from '../../src/transcripts/owner-voice/teach-voice.ts';
import {
  forgetVoiceProfile,
  readVoiceProfile,
} from '../../src/transcripts/owner-voice/voice-profile-store.ts';
import { signedUpClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { ownerOf } from '../support/summary-rows.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { uploadNote } from '../support/transcribed-notes.ts';
import { toneWav } from '../support/wav.ts';

let app: TestApp;

beforeAll(async () => {
  // ROLE=api: no worker, so nothing but this test writes the notes' speakers and prints.
  app = await startTestApp();
});
afterAll(() => app.close());

const print = (level: number, frames = 500): VoicePrint => ({
  frames,
  mean: [level, -level, 0.5],
  variance: [1, 2, 0.5],
});

/** A note of `client`'s as a finished one-voice transcription with this print would leave it. */
async function noteWithVoice(
  client: Awaited<ReturnType<typeof signedUpClient>>['client'],
  voice: VoicePrint,
  reviewed: 'none' | 'confirmed' | 'corrected',
): Promise<{ id: string; ownerId: string }> {
  const pad = await createPad(client, 'Voices');
  const note: VoiceNote = await uploadNote(client, pad.id, {
    bytes: toneWav(0.2),
    type: 'audio/wav',
    name: 'n.wav',
  });
  await app.db
    .updateTable('voice_notes')
    .set({
      speakers: JSON.stringify([{ id: 'S1', name: 'Speaker 1' }]),
      speaker_prints: JSON.stringify({ S1: voice }),
      transcript_reviewed: reviewed,
    })
    .where('id', '=', note.id)
    .execute();
  return { id: note.id, ownerId: await ownerOf(app.db, note.id) };
}

const teach = (note: { id: string; ownerId: string }) =>
  app.db.transaction().execute((trx) => teachVoice(trx, note, Date.now()));

it('is taught once by a reviewed one-voice note, and not by an unreviewed one', async () => {
  const { client } = await signedUpClient(app.baseUrl);
  const unreviewed = await noteWithVoice(client, print(1), 'none');
  expect(await teach(unreviewed)).toBe(false);
  expect(await readVoiceProfile(app.db, unreviewed.ownerId)).toBeUndefined();

  const confirmed = await noteWithVoice(client, print(1), 'confirmed');
  expect(await teach(confirmed)).toBe(true);
  expect(await teach(confirmed)).toBe(false);
  const profile = await readVoiceProfile(app.db, confirmed.ownerId);
  expect(profile?.notes).toBe(1);
  expect(profile?.print.frames).toBe(500);
  expect(profile?.print.mean[0]).toBeCloseTo(1, 5);
});

it('counts every note folded side by side, pooling their voices', async () => {
  const { client } = await signedUpClient(app.baseUrl);
  const notes = [];
  for (const level of [1, 3, 5, 7]) notes.push(await noteWithVoice(client, print(level), 'corrected'));
  const taught = await Promise.all(notes.map((note) => teach(note)));
  expect(taught).toEqual([true, true, true, true]);
  const profile = await readVoiceProfile(app.db, notes[0]!.ownerId);
  expect(profile?.notes).toBe(4);
  expect(profile?.print.frames).toBe(2000);
  // Equal frame counts: the pooled mean is the mean of the four.
  expect(profile?.print.mean[0]).toBeCloseTo(4, 4);
});

it('keeps each person’s voice apart, and forgets it on request', async () => {
  const [{ client: a }, { client: b }] = [
    await signedUpClient(app.baseUrl),
    await signedUpClient(app.baseUrl),
  ];
  const noteOfA = await noteWithVoice(a, print(2), 'confirmed');
  const noteOfB = await noteWithVoice(b, print(9), 'confirmed');
  // Another person's note, asked for under A: not found, teaches nothing.
  expect(await teach({ id: noteOfB.id, ownerId: noteOfA.ownerId })).toBe(false);
  expect(await teach(noteOfA)).toBe(true);
  expect((await readVoiceProfile(app.db, noteOfA.ownerId))?.print.mean[0]).toBeCloseTo(2, 5);
  expect(await readVoiceProfile(app.db, noteOfB.ownerId)).toBeUndefined();

  await forgetVoiceProfile(app.db, noteOfA.ownerId);
  expect(await readVoiceProfile(app.db, noteOfA.ownerId)).toBeUndefined();
  // A note that taught once does not teach again after a reset (ADR 0058).
  expect(await teach(noteOfA)).toBe(false);
});
