/**
 * Highlights through the API on every backend (ADR 0054): adding, listing, changing and
 * deleting moments and ranges; validation in words, naming the field; another person's ids
 * answer 404; search finds a label and a comment and says where to jump; the zip export holds
 * chapters and the Markdown lists them; a bulk delete undone brings them back. Account deletion
 * removing them is checked by account-deletion.test.ts (its fill adds one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import type { ExportManifest } from '@voxpad/shared/export-import';
import type { Highlight, HighlightList, HighlightSearchHit } from '@voxpad/shared/highlights';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { uploadNote } from '../support/transcribed-notes.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';
import { unzip } from '../support/zip-files.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Answer<T> = T & Partial<ApiErrorResponse>;
interface Note {
  id: string;
  pad_id: string;
}

const highlightsUrl = (note: Note) => `/api/v1/pad/${note.pad_id}/voicenote/${note.id}/highlights/`;
const highlightUrl = (note: Note, id: string) => `${highlightsUrl(note)}${id}/`;

async function person() {
  return (await signedUpClient(app.baseUrl)).client;
}

/** A note transcribed with one word every half second: "one two ... ten" is 5 s long. */
async function transcribedNote(
  client: TestClient,
  pad: Pad,
  words = 'one two three four five six seven eight nine ten',
) {
  const note = await uploadNote(client, pad.id, { bytes: toneWav(0.5), type: 'audio/wav', name: 'n.wav' });
  await completeTranscription(app.db, note.id, words);
  return { id: note.id, pad_id: pad.id };
}

const add = (client: TestClient, note: Note, json: unknown) =>
  client.post<Answer<Highlight>>(highlightsUrl(note), json);
const list = async (client: TestClient, note: Note) =>
  (await client.get<HighlightList>(highlightsUrl(note))).body.results;

async function download(client: TestClient, url: string): Promise<{ status: number; bytes: Buffer }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(app.baseUrl + url, { headers: { cookie } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('a note’s highlights', () => {
  it('adds moments and ranges, lists them earliest first, changes and deletes them', async () => {
    const client = await person();
    const note = await transcribedNote(client, await createPad(client, 'Highlights'));

    const range = await add(client, note, {
      start: 2,
      end: 3.5,
      label: '  The decision ',
      comment: 'Ask Sam',
    });
    expect(range.status, range.text).toBe(201);
    expect(range.body).toMatchObject({
      note_id: note.id,
      start: 2,
      end: 3.5,
      label: 'The decision',
      comment: 'Ask Sam',
    });
    const moment = await add(client, note, { start: 0.5, label: 'Highlight 1' });
    expect(moment.status, moment.text).toBe(201);
    expect(moment.body).toMatchObject({ start: 0.5, end: null, comment: '' });

    expect((await list(client, note)).map((h) => h.label)).toEqual(['Highlight 1', 'The decision']);

    const changed = await client.request<Answer<Highlight>>('PATCH', highlightUrl(note, range.body.id), {
      json: { label: 'Decided', end: null },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ label: 'Decided', start: 2, end: null, comment: 'Ask Sam' });

    const gone = await client.request('DELETE', highlightUrl(note, moment.body.id));
    expect(gone.status).toBe(204);
    expect((await list(client, note)).map((h) => h.id)).toEqual([range.body.id]);
    expect((await client.request('DELETE', highlightUrl(note, moment.body.id))).status).toBe(404);
  });

  it('refuses what does not fit the note, in words, naming the field', async () => {
    const client = await person();
    const note = await transcribedNote(client, await createPad(client, 'Checks'));
    const refused = async (json: unknown, param: string, message: RegExp) => {
      const res = await add(client, note, json);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({ param });
      expect(res.body.errors?.[0]?.message).toMatch(message);
    };
    await refused({ start: 9, label: 'Late' }, 'start', /note is 0:05 long.*start between 0:00 and 0:05/);
    await refused({ start: 1, end: 20, label: 'Long' }, 'end', /must end by 0:05/);
    await refused({ start: 3, end: 2, label: 'Backwards' }, 'end', /end .* must come after its start/);
    await refused({ start: -1, label: 'Early' }, 'start', /cannot be before the beginning/);
    await refused({ start: 1, label: '   ' }, 'label', /label of at least one character/);
    await refused({ start: 1, label: 'x'.repeat(81) }, 'label', /at most 80 characters/);
    await refused({ start: 1, label: 'Note', comment: 'x'.repeat(2001) }, 'comment', /at most 2000/);
    await refused({ label: 'No time' }, 'start', /required|seconds/);

    const made = await add(client, note, { start: 1, label: 'Fine' });
    const patched = await client.request<Answer<Highlight>>('PATCH', highlightUrl(note, made.body.id), {
      json: {},
    });
    expect(patched.status).toBe(400);
    expect(patched.body.errors?.[0]?.message).toMatch(/at least one of start, end, label or comment/);
    const inverted = await client.request<Answer<Highlight>>('PATCH', highlightUrl(note, made.body.id), {
      json: { end: 0.5 },
    });
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors?.[0]?.param).toBe('end');
  });

  it('belongs to its owner: another person’s note and highlights answer 404', async () => {
    const owner = await person();
    const note = await transcribedNote(owner, await createPad(owner, 'Mine'));
    const made = await add(owner, note, { start: 1, label: 'Private thought' });
    const other = await person();

    expect((await other.get(highlightsUrl(note))).status).toBe(404);
    expect((await add(other, note, { start: 1, label: 'Sneaky' })).status).toBe(404);
    const patch = await other.request('PATCH', highlightUrl(note, made.body.id), {
      json: { label: 'Mine now' },
    });
    expect(patch.status).toBe(404);
    expect((await other.request('DELETE', highlightUrl(note, made.body.id))).status).toBe(404);
    const search = await other.get<Page<HighlightSearchHit>>('/api/v1/search/highlight/?q=private');
    expect(search.body.results).toEqual([]);
    expect((await list(owner, note)).map((h) => h.label)).toEqual(['Private thought']);
  });
});

describe('finding, exporting and keeping highlights', () => {
  it('search finds a label and a comment, marks the words and gives the second to jump to', async () => {
    const client = await person();
    const note = await transcribedNote(client, await createPad(client, 'Search'));
    await add(client, note, { start: 3, end: 4, label: 'Budget zebra', comment: 'the llama plan' });
    await add(client, note, { start: 1, label: 'Something else' });

    const byLabel = await client.get<Page<HighlightSearchHit>>('/api/v1/search/highlight/?q=zebra');
    expect(byLabel.status, byLabel.text).toBe(200);
    expect(byLabel.body.results).toHaveLength(1);
    const hit = byLabel.body.results[0]!;
    expect(hit).toMatchObject({ time: 3, voice_note: { id: note.id, pad_id: note.pad_id } });
    expect(hit.label).toEqual({ text: 'Budget zebra', highlights: [[7, 12]] });

    const typing = await client.get<Page<HighlightSearchHit>>('/api/v1/search/highlight/?q=LLAM');
    expect(typing.body.results.map((r) => r.highlight.label)).toEqual(['Budget zebra']);
    expect(typing.body.results[0]!.comment).toEqual({ text: 'the llama plan', highlights: [[4, 9]] });

    const none = await client.get<Page<HighlightSearchHit>>('/api/v1/search/highlight/?q=zebra%20giraffe');
    expect(none.body.results).toEqual([]);
    // LIKE's own wildcards are plain characters here.
    const wildcard = await client.get<Page<HighlightSearchHit>>('/api/v1/search/highlight/?q=%25');
    expect(wildcard.body.results).toEqual([]);
  });

  it('the zip export holds chapters and the Markdown lists the highlights with their times', async () => {
    const client = await person();
    const pad = await createPad(client, 'Export');
    const note = await transcribedNote(client, pad);
    await add(client, note, { start: 1, label: 'Opening', comment: 'good start' });
    await add(client, note, { start: 2.5, end: 4, label: 'Middle part' });

    const zip = await download(client, `/api/v1/pad/${pad.id}/export.zip`);
    expect(zip.status).toBe(200);
    const files = await unzip(zip.bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ExportManifest;
    const folder = manifest.notes[0]!.path;
    expect(files.get(`${folder}/chapters.vtt`)!.toString()).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nOpening\n\n00:00:02.500 --> 00:00:04.000\nMiddle part\n',
    );
    const markdown = files.get(`${folder}/transcript.md`)!.toString();
    expect(markdown).toContain(
      '## Highlights\n\n- **[0:01]** Opening — good start\n- **[0:02–0:04]** Middle part\n',
    );
    const json = JSON.parse(files.get(`${folder}/note.json`)!.toString()) as { highlights: unknown[] };
    expect(json.highlights).toEqual([
      { start: 1, end: null, label: 'Opening', comment: 'good start' },
      { start: 2.5, end: 4, label: 'Middle part', comment: '' },
    ]);

    const single = await download(client, `/api/v1/pad/${pad.id}/voicenote/${note.id}/transcript.md`);
    expect(single.bytes.toString()).toContain('- **[0:02–0:04]** Middle part');
  });

  it('a bulk delete takes the highlights with the note, and undoing it brings them back', async () => {
    const client = await person();
    const note = await transcribedNote(client, await createPad(client, 'Bin'));
    await add(client, note, { start: 1, end: 2, label: 'Kept through the bin', comment: 'yes' });
    const before = await list(client, note);

    const deleted = await client.post('/api/v1/voicenote/bulk/', { action: 'delete', ids: [note.id] });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await client.get(highlightsUrl(note))).status).toBe(404);
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('highlights')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('note_id', '=', note.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);

    const restored = await client.post('/api/v1/voicenote/bulk/', { action: 'restore', ids: [note.id] });
    expect(restored.status, restored.text).toBe(200);
    expect(await list(client, note)).toEqual(before);
    const found = await client.get<Page<HighlightSearchHit>>('/api/v1/search/highlight/?q=bin');
    expect(found.body.results.map((r) => r.highlight.id)).toEqual(before.map((h) => h.id));
  });
});
