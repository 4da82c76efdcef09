/**
 * "You" (issue 23, ADR 0058) through the API with the real worker (ROLE=all), on one backend
 * (vitest.config.ts; the profile's storage is test/jobs/voice-profiles.test.ts, on both):
 * one-voice notes of flite's kal (sentences the dialogues never say), uploaded with
 * `?speakers=1` and confirmed, teach the owner's voice profile; then a dialogue of kal and slt
 * names kal's speaker "You" and slt's "Speaker N"; a dialogue of slt and awb names nobody; a
 * rename wins; another user's profile never applies; forgetting the voice names nobody again.
 * Each decode costs seconds of CPU, so the dialogue that names "You" is the one
 * renamed and re-transcribed, and "nothing learnt yet" is shown by the other person's dialogue.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdaptationState } from '@voxpad/shared/adaptation';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { spokenRecording, type SpokenRecording } from '../support/spoken-turns.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { notePath, settledNote } from '../support/transcribed-notes.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-your-voice-'));
const TEACHING = [
  [
    ['kal', 'the old lighthouse keeper counted the ships every evening'],
    ['kal', 'seven yellow kites were caught in the branches of the oak tree'],
    ['kal', 'please remember to bring the spare keys when you visit'],
  ],
  [
    ['kal', 'our neighbour repaired the bicycle with a piece of wire'],
    ['kal', 'the museum closes early on sundays during the winter months'],
    ['kal', 'a small boat drifted slowly past the harbour wall'],
  ],
  [
    ['kal', 'the baker sold every loaf of bread before nine o clock'],
    ['kal', 'my cousin learned to play the violin in just one summer'],
    ['kal', 'the path along the cliff is closed after heavy storms'],
  ],
] as const;
const DIALOGUE_AB = [
  ['kal', 'good morning, i would like to talk about the garden fence before the weekend'],
  ['slt', 'of course, the goats got out again last night and ate all the cabbages'],
  ['kal', 'then we should buy new posts and some wire at the hardware store tomorrow'],
  ['slt', 'i will call the shop in the morning and ask them to deliver everything on friday'],
] as const;
const DIALOGUE_BC = [
  ['slt', 'the concert in the park was moved to saturday because of the rain'],
  ['awb', 'that suits me well, i can bring the folding chairs and a flask of tea'],
  ['slt', 'lovely, and ask your brother whether he still has the big umbrella'],
  ['awb', 'he lent it to a friend, but i will find another one before then'],
] as const;

let server: TestApp;
let owner: TestClient;
let pad: Pad;
let dialogueAB: SpokenRecording;
let dialogueBC: SpokenRecording;

beforeAll(async () => {
  dialogueAB = spokenRecording(dir, 'ab', DIALOGUE_AB);
  dialogueBC = spokenRecording(dir, 'bc', DIALOGUE_BC);
  server = await startTestApp({ ROLE: 'all', WORKER_CONCURRENCY: '1' });
  ({ client: owner } = await signedUpClient(server.baseUrl));
  pad = (await owner.post<Pad>('/api/v1/pad/', { name: 'Voices' })).body;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function transcribed(
  client: TestClient,
  padId: string,
  file: string,
  query: string,
): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/${query}`, {
    body: new Uint8Array(fs.readFileSync(file)),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="talk.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  const done = await settledNote(client, padId, res.body.id, 120_000);
  expect(done.status, done.failure_reason ?? '').toBe('done');
  return done;
}

const voiceProfile = async (client: TestClient) =>
  (await client.get<AdaptationState>('/api/v1/adaptation/')).body.voice_profile;

/** Speaker name by voice: the speaker of each turn's middle, named. */
function namesByVoice(note: VoiceNote, recording: SpokenRecording): Record<string, string[]> {
  const names = new Map((note.speakers ?? []).map((s) => [s.id, s.name]));
  const byVoice: Record<string, string[]> = {};
  for (const turn of recording.turns) {
    const middle = (turn.start + turn.end) / 2;
    const segment = note.segments.find((s) => s.start <= middle + 0.3 && middle - 0.3 <= s.end);
    (byVoice[turn.voice] ??= []).push(names.get(segment?.speaker ?? '') ?? '?');
  }
  return byVoice;
}

describe('the owner’s voice', { timeout: 600_000 }, () => {
  it('is learnt from corrected one-voice notes, once each', async () => {
    // Nothing learnt yet: no profile (another person's dialogue below shows nobody is named then).
    expect(await voiceProfile(owner)).toBeNull();
    for (const [i, sentences] of TEACHING.entries()) {
      const recording = spokenRecording(dir, `teach-${i}`, sentences);
      const note = await transcribed(owner, pad.id, recording.file, '?speakers=1');
      // Unreviewed, a note teaches nothing.
      expect((await voiceProfile(owner))?.notes ?? 0).toBe(i);
      const confirmed = await owner.post(`${notePath(pad.id, note.id)}/transcript/confirm/`, {});
      expect(confirmed.status, confirmed.text).toBe(200);
      // Confirming twice does not teach twice.
      await owner.post(`${notePath(pad.id, note.id)}/transcript/confirm/`, {});
      expect((await voiceProfile(owner))?.notes).toBe(i + 1);
    }
    const profile = (await voiceProfile(owner))!;
    expect(profile.seconds).toBeGreaterThan(20);
    expect(profile.recognises).toBe(true);
  });

  let dialogue: VoiceNote;

  it('names the owner "You" in a dialogue with another voice, the other keeps "Speaker N"', async () => {
    const note = await transcribed(owner, pad.id, dialogueAB.file, '?speakers=2');
    dialogue = note;
    const names = namesByVoice(note, dialogueAB);
    expect(names.kal).toEqual(['You', 'You']);
    expect(names.slt).toEqual(['Speaker 2', 'Speaker 2']);
    expect((note.speakers ?? []).map((s) => s.name).sort()).toEqual(['Speaker 2', 'You']);
  });

  it('names nobody in a dialogue of two other voices', async () => {
    const note = await transcribed(owner, pad.id, dialogueBC.file, '?speakers=2');
    expect((note.speakers ?? []).map((s) => s.name)).toEqual(['Speaker 1', 'Speaker 2']);
  });

  it('lets a person’s rename win through a re-transcription', async () => {
    const note = dialogue;
    const you = note.speakers!.find((s) => s.name === 'You')!;
    const renamed = await owner.request<VoiceNote>(
      'PATCH',
      `${notePath(pad.id, note.id)}/speakers/${you.id}/`,
      {
        json: { name: 'Ana' },
      },
    );
    expect(renamed.status, renamed.text).toBe(200);
    const again = await owner.post(`${notePath(pad.id, note.id)}/transcribe/`, { speakers: 2 });
    expect(again.status, again.text).toBe(202);
    const done = await settledNote(owner, pad.id, note.id, 120_000);
    expect((done.speakers ?? []).map((s) => s.name).sort()).toEqual(['Ana', 'Speaker 2']);
  });

  it('never applies to another person', async () => {
    const { client: other } = await signedUpClient(server.baseUrl);
    expect(await voiceProfile(other)).toBeNull();
    const otherPad = (await other.post<Pad>('/api/v1/pad/', { name: 'Theirs' })).body;
    const note = await transcribed(other, otherPad.id, dialogueAB.file, '?speakers=2');
    expect((note.speakers ?? []).map((s) => s.name)).toEqual(['Speaker 1', 'Speaker 2']);
  });

  it('is forgotten on request: nobody is named "You" again', async () => {
    const res = await owner.request('DELETE', '/api/v1/adaptation/voice/');
    expect(res.status, res.text).toBe(204);
    expect(await voiceProfile(owner)).toBeNull();
    const note = await transcribed(owner, pad.id, dialogueAB.file, '?speakers=2');
    expect((note.speakers ?? []).map((s) => s.name)).toEqual(['Speaker 1', 'Speaker 2']);
  });
});
