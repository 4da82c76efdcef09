/**
 * Readable transcripts (ADR 0033) on a real database, per backend: an engine's recognised
 * words are stored readable with each word's display form, the per-user setting turns that
 * off, a person's edit of the readable text keeps the words' times and spoken forms, search
 * finds a note by either form ("$400", "400", "four hundred") and marks the readable words,
 * exports read the readable text, and migration 0017 fills spoken forms from stored words.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { Settings } from '@voxpad/shared/settings';
import type { TranscriptWord, VoiceNote } from '@voxpad/shared/voice-notes';
import * as migration0017 from '../../src/db/migrations/0017-readable-transcripts.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

async function userWithPad() {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Readable' })).body;
  return { client, pad };
}

const notePath = (pad: Pad, id: string) => `/api/v1/pad/${pad.id}/voicenote/${id}/`;

/** A note uploaded and transcribed by a pocketsphinx worker into `spoken` (one word per 0.5 s). */
async function transcribed(client: TestClient, pad: Pad, spoken: string): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: toneWav(0.1),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  await completeTranscription(server.db, res.body.id, spoken);
  return (await client.get<VoiceNote>(notePath(pad, res.body.id))).body;
}

const wordsOf = (note: VoiceNote): TranscriptWord[] => note.segments.flatMap((s) => s.words);
const search = (client: TestClient, q: string) =>
  client.get<Page<VoiceNoteSearchHit>>(`/api/v1/search/voicenote/?q=${encodeURIComponent(q)}`);

describe('engine words made readable', () => {
  it('stores the readable text, and each word as recognised and as it reads; the title reads too', async () => {
    const { client, pad } = await userWithPad();
    const note = await transcribed(client, pad, 'i will call the garage');
    expect(note.transcript).toBe('I will call the garage.');
    expect(wordsOf(note).map((w) => [w.word, w.text])).toEqual([
      ['i', 'I'],
      ['will', 'will'],
      ['call', 'call'],
      ['the', 'the'],
      ['garage', 'garage.'],
    ]);
    expect(note.segments.map((s) => s.text)).toEqual(['I will call the garage.']);
    expect(note.title).toBe('I will call the garage');
  });

  it('keeps the recognised words when the owner turns formatting off, for transcripts made after', async () => {
    const { client, pad } = await userWithPad();
    expect((await client.get<Settings>('/api/v1/settings/')).body).toEqual({ format_transcripts: true });
    const before = await transcribed(client, pad, 'i will call the garage');
    const off = await client.request<Settings>('PATCH', '/api/v1/settings/', {
      json: { format_transcripts: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({ format_transcripts: false });
    expect((await client.get<Settings>('/api/v1/settings/')).body).toEqual({ format_transcripts: false });

    const raw = await transcribed(client, pad, 'i will call the garage');
    expect(raw.transcript).toBe('i will call the garage');
    expect(wordsOf(raw).every((w) => w.text === w.word)).toBe(true);
    // A transcript made before the change stays as it was made.
    expect((await client.get<VoiceNote>(notePath(pad, before.id))).body.transcript).toBe(
      'I will call the garage.',
    );
    // Another account keeps its own setting.
    const other = await userWithPad();
    expect((await other.client.get<Settings>('/api/v1/settings/')).body.format_transcripts).toBe(true);
  });

  it('refuses settings that are not there or not true/false, in the API error shape', async () => {
    const { client } = await userWithPad();
    const wrong = await client.request('PATCH', '/api/v1/settings/', { json: { format_transcripts: 'no' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      status: 400,
      errors: [{ param: 'format_transcripts', message: expect.stringMatching(/true or false/) }],
    });
    const unknown = await client.request('PATCH', '/api/v1/settings/', { json: { theme: 'dark' } });
    expect(unknown.status).toBe(400);
    expect((await client.get<Settings>('/api/v1/settings/')).body).toEqual({ format_transcripts: true });
  });
});

describe('an edit of the readable text, searched by either form', () => {
  it('lines "$400" up with the spoken words, finds it by "400", "$400", "four hundred" and "monday", and seeks to the word', async () => {
    const { client, pad } = await userWithPad();
    const note = await transcribed(client, pad, 'it cost four hundred dollars on monday');
    const spoken = wordsOf(note);
    const edited = await client.request<VoiceNote>('PATCH', notePath(pad, note.id), {
      json: { transcript: 'It cost $400 on Monday.' },
    });
    expect(edited.status, edited.text).toBe(200);
    const after = (await client.get<VoiceNote>(notePath(pad, note.id))).body;
    expect(after.transcript).toBe('It cost $400 on Monday.');
    // The spoken words kept their times; "$400" reads on the first of the words that say it.
    expect(wordsOf(after).map((w) => [w.word, w.text, w.start])).toEqual([
      ['it', 'It', spoken[0]!.start],
      ['cost', 'cost', spoken[1]!.start],
      ['four', '$400', spoken[2]!.start],
      ['hundred', '', spoken[3]!.start],
      ['dollars', '', spoken[4]!.start],
      ['on', 'on', spoken[5]!.start],
      ['monday', 'Monday.', spoken[6]!.start],
    ]);

    for (const [q, shown, at] of [
      ['400', '$400', 2],
      ['$400', '$400', 2],
      ['four hundred', '$400', 2],
      ['"four hundred dollars"', '$400', 2],
      ['monday', 'Monday', 6],
    ] as const) {
      const page = (await search(client, q)).body;
      expect(
        page.results.map((h) => h.voice_note.id),
        q,
      ).toEqual([note.id]);
      const snippet = page.results[0]!.snippet!;
      expect(snippet.text, q).toBe('It cost $400 on Monday.');
      expect(
        snippet.highlights.map(([s, e]) => snippet.text.slice(s, e)),
        q,
      ).toContain(shown);
      // Click-to-seek lands on the word that reads so.
      expect(page.results[0]!.time, q).toBe(spoken[at]!.start);
    }
    expect((await search(client, 'five hundred')).body.results).toEqual([]);

    // Exports read the readable text, timed by the words.
    const txt = await client.request('GET', `${notePath(pad, note.id)}transcript.txt`);
    expect(txt.text).toBe('It cost $400 on Monday.\n');
    const srt = await client.request('GET', `${notePath(pad, note.id)}transcript.srt`);
    expect(srt.text).toContain('It cost $400 on Monday.');
  });
});

describe('migration 0017', () => {
  it('fills the spoken forms of notes stored before it from their words, and goes back down', async () => {
    const { client, pad } = await userWithPad();
    const note = await transcribed(client, pad, 'it cost four hundred dollars');
    const edited = await client.request('PATCH', notePath(pad, note.id), {
      json: { transcript: 'It cost $400.' },
    });
    expect(edited.status).toBe(200);
    const spokenOf = async () =>
      (
        await server.db
          .selectFrom('voice_notes')
          .select('spoken_transcript')
          .where('id', '=', note.id)
          .executeTakeFirstOrThrow()
      ).spoken_transcript;
    expect(await spokenOf()).toBe('it cost four hundred dollars');

    // Migrations take the untyped database, as the migrator hands it to them.
    const untyped = server.db as unknown as Kysely<unknown>;
    await migration0017.down(untyped);
    await migration0017.up(untyped);
    expect(await spokenOf()).toBe('it cost four hundred dollars');
    expect((await search(client, 'four hundred')).body.results.map((h) => h.voice_note.id)).toEqual([
      note.id,
    ]);
    // The indexes follow later writes again (the triggers or generated column were remade).
    await sql`UPDATE voice_notes SET spoken_transcript = ${'it cost nine dollars'} WHERE id = ${note.id}`.execute(
      server.db,
    );
    expect((await search(client, 'nine')).body.results.map((h) => h.voice_note.id)).toEqual([note.id]);
    expect((await search(client, 'hundred')).body.results).toEqual([]);
  });
});
