/**
 * A note is named after the first words of its transcript once transcribed (an uploaded file
 * carries its file name until then), with enough words to tell it from the pad's other notes;
 * a name a person gave is kept. Lists carry a snippet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

const SPOKEN = 'please remember to buy milk and bread tomorrow morning before the shop closes';

async function padOf(client: TestClient): Promise<Pad> {
  return (await client.post<Pad>('/api/v1/pad/', { name: 'Errands' })).body;
}

async function upload(client: TestClient, padId: string, fileName = 'recording.wav'): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body: toneWav(0.2),
    headers: { 'content-type': 'audio/wav', 'content-disposition': `attachment; filename="${fileName}"` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const noteUrl = (note: VoiceNote) => `/api/v1/pad/${note.pad_id}/voicenote/${note.id}/`;

describe('a voice note’s title', () => {
  it('is made from the transcript’s first words once a recording is transcribed', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = await padOf(client);
    const note = await upload(client, pad.id);
    expect(note.title).toBe('Voice note');
    await completeTranscription(server.db, note.id, SPOKEN);

    const done = (await client.get<VoiceNote>(noteUrl(note))).body;
    expect(done.title).toBe('Please remember to buy milk and bread tomorrow…');
    const list = (await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`)).body;
    // The snippet reads as the transcript does (ADR 0033).
    expect(list.results[0]).toMatchObject({ id: note.id, title: done.title, snippet: done.transcript });
    expect(done.transcript).toBe(`P${SPOKEN.slice(1)}.`);
  });

  it('keeps a title the person gave before the transcript was ready', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const note = await upload(client, (await padOf(client)).id);
    const renamed = await client.request<VoiceNote>('PATCH', noteUrl(note), { json: { title: 'Shopping' } });
    expect(renamed.status, renamed.text).toBe(200);
    await completeTranscription(server.db, note.id, SPOKEN);
    expect((await client.get<VoiceNote>(noteUrl(note))).body.title).toBe('Shopping');
  });

  it('follows a corrected transcript, but not once the person has renamed the note', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const note = await upload(client, (await padOf(client)).id);
    await completeTranscription(server.db, note.id, 'the quarterly budget review is on friday');
    const corrected = await client.request<VoiceNote>('PATCH', noteUrl(note), {
      json: { transcript: 'The quarterly budget review is on Thursday.' },
    });
    expect(corrected.body.title).toBe('The quarterly budget review is on Thursday');

    await client.request<VoiceNote>('PATCH', noteUrl(note), { json: { title: 'Budget' } });
    const again = await client.request<VoiceNote>('PATCH', noteUrl(note), {
      json: { transcript: 'The yearly budget review is on Thursday.' },
    });
    expect(again.body.title).toBe('Budget');
  });

  it('titles an uploaded file by its name until its words name it', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const note = await upload(client, (await padOf(client)).id, 'Team standup.wav');
    expect(note.title).toBe('Team standup');
    await completeTranscription(server.db, note.id, SPOKEN);
    expect((await client.get<VoiceNote>(noteUrl(note))).body.title).toBe(
      'Please remember to buy milk and bread tomorrow…',
    );
  });

  it('keeps the file name when nothing was said', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const note = await upload(client, (await padOf(client)).id, 'Team standup.wav');
    await completeTranscription(server.db, note.id, '');
    expect((await client.get<VoiceNote>(noteUrl(note))).body.title).toBe('Team standup');
  });

  it('tells notes that start alike apart, within a pad', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = await padOf(client);
    const titleAfter = async (spoken: string, inPad = pad.id) => {
      const note = await upload(client, inPad);
      await completeTranscription(server.db, note.id, spoken);
      return (await client.get<VoiceNote>(noteUrl(note))).body.title;
    };
    expect(await titleAfter(SPOKEN)).toBe('Please remember to buy milk and bread tomorrow…');
    expect(await titleAfter('please remember to buy milk and bread tomorrow evening after work')).toBe(
      'Please remember to buy milk and bread tomorrow evening…',
    );
    // Saying the same again: the words that differ from the first note's title are taken.
    expect(await titleAfter(SPOKEN)).toBe('Please remember to buy milk and bread tomorrow morning…');
    // Another pad's notes do not count.
    const other = await padOf(client);
    expect(await titleAfter(SPOKEN, other.id)).toBe('Please remember to buy milk and bread tomorrow…');

    // A corrected transcript is titled apart from the others too; a given name is left alone.
    const list = (await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`)).body.results;
    expect(new Set(list.map((n) => n.title)).size).toBe(3);
    const renamed = await upload(client, pad.id);
    await client.request<VoiceNote>('PATCH', noteUrl(renamed), { json: { title: 'Errand' } });
    await completeTranscription(server.db, renamed.id, SPOKEN);
    expect((await client.get<VoiceNote>(noteUrl(renamed))).body.title).toBe('Errand');
  });

  it('stays "Voice note" when nothing was said, and lists no snippet', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const note = await upload(client, (await padOf(client)).id);
    await completeTranscription(server.db, note.id, '');
    const done = (await client.get<VoiceNote>(noteUrl(note))).body;
    expect(done).toMatchObject({ status: 'done', title: 'Voice note', snippet: null });
  });

  it('gives lists a snippet cut at a word with "…" when the transcript is long', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = await padOf(client);
    const note = await upload(client, pad.id);
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    await completeTranscription(server.db, note.id, long);
    const list = (await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`)).body;
    const snippet = list.results[0]!.snippet!;
    const read = `W${long.slice(1)}.`;
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(161);
    expect(read.startsWith(snippet.slice(0, -1))).toBe(true);
    expect(read.charAt(snippet.length - 1)).toBe(' ');
  });
});
