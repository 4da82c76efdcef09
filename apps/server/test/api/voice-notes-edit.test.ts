import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { listFiles } from '../support/files.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

/** PATCH (title, transcript, moving between pads) and DELETE of a voice note. */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

const blobs = () =>
  listFiles(path.join(server.dataDir, 'blobs')).then((f) => f.filter((n) => !n.startsWith('.tmp/')));

const noteUrl = (note: Pick<VoiceNote, 'id' | 'pad_id'>) =>
  `/api/v1/pad/${note.pad_id}/voicenote/${note.id}/`;
const patch = <T = VoiceNote>(client: TestClient, url: string, json: unknown) =>
  client.request<T>('PATCH', url, { json });

async function userWithNote(padName = 'Notes') {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: padName })).body;
  const note = (
    await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: toneWav(0.3),
      headers: {
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="recording.wav"',
      },
    })
  ).body;
  return { client, pad, note };
}

const searchFor = (client: TestClient, q: string) =>
  client.get<Page<{ voice_note: { id: string } }>>(`/api/v1/search/voicenote/?q=${encodeURIComponent(q)}`);

describe('editing voice notes', () => {
  it('renames a note', async () => {
    const { client, note } = await userWithNote();
    const res = await patch(client, noteUrl(note), { title: '  Standup, Monday  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: note.id, title: 'Standup, Monday', status: 'pending' });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(note.updated_at));
    expect((await client.get<VoiceNote>(noteUrl(note))).body.title).toBe('Standup, Monday');
    // The new title is what search finds.
    expect((await searchFor(client, 'standup')).body.results.map((h) => h.voice_note.id)).toEqual([note.id]);
  });

  it('replaces a finished transcript, and search finds the new words, not the old', async () => {
    const { client, note } = await userWithNote();
    await completeTranscription(server.db, note.id, 'the quarterly budget review is on friday');
    expect((await searchFor(client, 'quarterly')).body.results).toHaveLength(1);

    const res = await patch(client, noteUrl(note), { transcript: 'The annual picnic is on Saturday.' });
    expect(res.status).toBe(200);
    expect(res.body.transcript).toBe('The annual picnic is on Saturday.');
    expect((await searchFor(client, 'quarterly ')).body.results).toEqual([]);
    expect((await searchFor(client, 'picnic ')).body.results.map((h) => h.voice_note.id)).toEqual([note.id]);
    // Marked as typed by a person, so a re-transcription keeps it as a version.
    const row = await server.db
      .selectFrom('voice_notes')
      .select('transcript_edited')
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row.transcript_edited).toBe(1);

    const stats = await client.get<{ transcribed_word_count: number }>('/api/v1/stats/');
    expect(stats.body.transcribed_word_count).toBe(6);
  });

  it('will not replace a transcript that is still being made', async () => {
    const { client, note } = await userWithNote();
    const res = await patch(client, noteUrl(note), { transcript: 'typed too early' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: 409,
      errors: [
        {
          code: 'transcription_in_progress',
          param: 'transcript',
          message: 'This voice note is still being transcribed. Edit the transcript once it is done.',
        },
      ],
    });
    expect((await client.get<VoiceNote>(noteUrl(note))).body.transcript).toBeNull();
  });

  it('moves a note to another of its owner’s pads, with its audio still playing', async () => {
    const { client, pad, note } = await userWithNote('From');
    const other = (await client.post<Pad>('/api/v1/pad/', { name: 'To' })).body;
    const res = await patch(client, noteUrl(note), { pad_id: other.id, title: 'Moved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: note.id, pad_id: other.id, title: 'Moved' });
    expect(res.body.audio_url).toBe(`/api/v1/pad/${other.id}/voicenote/${note.id}/audio/`);

    expect((await client.get(noteUrl(note))).status).toBe(404);
    expect((await client.get(noteUrl(res.body))).status).toBe(200);
    expect((await client.get(res.body.audio_url)).status).toBe(200);
    expect((await client.get<Pad>(`/api/v1/pad/${pad.id}/`)).body.voice_note_count).toBe(0);
    expect((await client.get<Pad>(`/api/v1/pad/${other.id}/`)).body.voice_note_count).toBe(1);

    // Naming the pad it is already in changes nothing.
    const stay = await patch(client, noteUrl(res.body), { pad_id: other.id });
    expect(stay.status).toBe(200);
    expect(stay.body.pad_id).toBe(other.id);
  });

  it("cannot move a note into another user's pad, or a pad that does not exist", async () => {
    const alice = await userWithNote();
    const bob = await userWithNote();
    for (const target of [bob.pad.id, '01jzzzzzzzzzzzzzzzzzzzzzzz', 'not-an-id']) {
      const res = await patch(alice.client, noteUrl(alice.note), { pad_id: target });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        status: 404,
        errors: [
          {
            code: 'not_found',
            param: 'pad_id',
            message: 'The pad to move this voice note to was not found.',
          },
        ],
      });
    }
    expect((await alice.client.get<VoiceNote>(noteUrl(alice.note))).body.pad_id).toBe(alice.pad.id);
    expect((await bob.client.get<Pad>(`/api/v1/pad/${bob.pad.id}/`)).body.voice_note_count).toBe(1);
  });

  it('explains bad edits field by field', async () => {
    const { client, note } = await userWithNote();
    const cases: [unknown, Record<string, unknown>][] = [
      [{}, { code: 'invalid', message: 'Send at least one of title, transcript, pad_id or tags.' }],
      [{ title: '   ' }, { param: 'title', message: 'Give the voice note a title.' }],
      [{ title: 'x'.repeat(201) }, { param: 'title', code: 'too_long' }],
      [{ title: 7 }, { param: 'title', message: 'The title must be text.' }],
      [{ transcript: ['a'] }, { param: 'transcript', message: 'The transcript must be text.' }],
      [{ transcript: 'x'.repeat(250_001) }, { param: 'transcript', code: 'too_long' }],
      [{ pad_id: 12 }, { param: 'pad_id' }],
    ];
    for (const [body, error] of cases) {
      const res = await patch(client, noteUrl(note), body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body).toMatchObject({ status: 400, errors: [error] });
    }
    const notJson = await client.request('PATCH', noteUrl(note), {
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    expect((await client.get<VoiceNote>(noteUrl(note))).body.title).toBe(note.title);
  });

  it('deletes a note and its audio', async () => {
    const { client, pad, note } = await userWithNote();
    expect((await blobs()).some((f) => f.includes(note.id))).toBe(true);
    const res = await client.delete(noteUrl(note));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await blobs()).some((f) => f.includes(note.id))).toBe(false);
    expect((await client.get(noteUrl(note))).status).toBe(404);
    expect((await client.get(note.audio_url)).status).toBe(404);
    expect((await client.get<Pad>(`/api/v1/pad/${pad.id}/`)).body.voice_note_count).toBe(0);
    expect((await client.delete(noteUrl(note))).status).toBe(404);
  });

  it("answers 404 to every change of another user's note, and changes nothing", async () => {
    const alice = await userWithNote();
    const bob = await userWithNote();
    const url = noteUrl(alice.note);
    const viaBobsPad = `/api/v1/pad/${bob.pad.id}/voicenote/${alice.note.id}/`;
    for (const target of [url, viaBobsPad]) {
      const renamed = await patch(bob.client, target, { title: 'Mine' });
      expect(renamed.status).toBe(404);
      expect(renamed.body).toEqual({
        status: 404,
        errors: [{ code: 'not_found', message: 'This voice note was not found.' }],
      });
      expect((await patch(bob.client, target, { pad_id: bob.pad.id })).status).toBe(404);
      expect((await bob.client.delete(target)).status).toBe(404);
    }
    const intact = await alice.client.get<VoiceNote>(url);
    expect(intact.body).toMatchObject({ title: alice.note.title, pad_id: alice.pad.id });
    expect((await blobs()).some((f) => f.includes(alice.note.id))).toBe(true);
  });

  it('requires a login and the CSRF token', async () => {
    const { client, note } = await userWithNote();
    client.sendCsrf = false;
    expect((await patch(client, noteUrl(note), { title: 'x' })).status).toBe(403);
    expect((await client.delete(noteUrl(note))).status).toBe(403);
    client.sendCsrf = true;
    client.cookies.delete('sessionid');
    expect((await patch(client, noteUrl(note), { title: 'x' })).status).toBe(401);
    expect((await client.delete(noteUrl(note))).status).toBe(401);
  });
});
