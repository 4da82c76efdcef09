/**
 * POST /api/v1/voicenote/bulk/ (issue 22, ADR 0046) on every backend: each action, all or
 * nothing with a bad id in the middle, another person's ids named as errors, the limits and
 * duplicates, and a bulk delete undone (restore) within its window and not after it, when the
 * sweeper removes the audio. No transcription runs (ROLE=api): notes are a fifth of a second of
 * tone, finished through the real queue with a stored transcript where a test needs one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import type { BulkActionRequest, BulkActionResult } from '@voxpad/shared/bulk-actions';
import type { Pad } from '@voxpad/shared/pads';
import type { TagList } from '@voxpad/shared/tags';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { newId } from '../../src/lib/ids.ts';
import { sweep } from '../../src/maintenance/sweeper.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { createPad, notesOf } from '../support/pad-notes.ts';
import { currentBackend } from '../support/test-database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { notePath, uploadNote } from '../support/transcribed-notes.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

const MAX_IDS = 5;
const TAGS_PER_NOTE = 4;
const BULK = '/api/v1/voicenote/bulk/';

let app: TestApp;
let client: TestClient;
let other: TestClient;

beforeAll(async () => {
  app = await startTestApp({
    BULK_MAX_IDS: String(MAX_IDS),
    BULK_UNDO_MINUTES: '10',
    TAGS_MAX_PER_NOTE: String(TAGS_PER_NOTE),
    // note.updated is recorded for a webhook at 127.0.0.2, where nothing answers: tried once.
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: '127.0.0.2/32',
    WEBHOOKS_MAX_ATTEMPTS: '1',
  });
  ({ client } = await signedUpClient(app.baseUrl));
  ({ client: other } = await signedUpClient(app.baseUrl));
});
afterAll(() => app.close());

const bulk = (who: TestClient, body: BulkActionRequest | Record<string, unknown>) =>
  who.post<BulkActionResult & ApiErrorResponse>(BULK, body);

/** A note waiting for its first transcription (no worker runs here). */
const waitingNote = (who: TestClient, padId: string, name = 'note.wav') =>
  uploadNote(who, padId, { bytes: toneWav(0.2), type: 'audio/wav', name });

/** A note whose transcription is done, with `text` as its transcript. */
async function finishedNote(who: TestClient, padId: string, text: string): Promise<VoiceNote> {
  const note = await waitingNote(who, padId);
  await completeTranscription(app.db, note.id, text);
  return note;
}

const padOf = async (who: TestClient, padId: string) => (await who.get<Pad>(`/api/v1/pad/${padId}/`)).body;
const idsIn = async (who: TestClient, padId: string) => (await notesOf(who, padId)).map((n) => n.id).sort();
const storageKeyOf = async (id: string) =>
  (
    await app.db
      .selectFrom('voice_notes')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).storage_key;

describe('moving notes', () => {
  it('moves them all to another pad, and both pads count them at once (also in the pad list)', async () => {
    const from = await createPad(client, 'From');
    const to = await createPad(client, 'To');
    const notes = await Promise.all([1, 2, 3].map(() => waitingNote(client, from.id)));
    await waitingNote(client, from.id, 'stays.wav');
    // The pad list is read (and cached) before the move: the move must show through the cache.
    await client.get('/api/v1/pad/');

    const ids = notes.map((n) => n.id);
    const res = await bulk(client, { action: 'move', ids, pad_id: to.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ action: 'move', moved: 3, pad_id: to.id });

    expect(await idsIn(client, to.id)).toEqual([...ids].sort());
    expect(await idsIn(client, from.id)).toHaveLength(1);
    expect((await padOf(client, from.id)).voice_note_count).toBe(1);
    expect((await padOf(client, to.id)).voice_note_count).toBe(3);
    const list = (await client.get<{ results: Pad[] }>('/api/v1/pad/')).body.results;
    expect(list.find((p) => p.id === to.id)?.voice_note_count).toBe(3);
    expect(list.find((p) => p.id === from.id)?.voice_note_count).toBe(1);
    expect((await client.get(`${notePath(to.id, ids[0]!)}/`)).status).toBe(200);
  });

  it('moves nothing when one id in the middle is unknown or another person’s, naming each', async () => {
    const from = await createPad(client, 'From');
    const to = await createPad(client, 'To');
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => waitingNote(client, from.id)));
    const theirs = await waitingNote(other, (await createPad(other, 'Theirs')).id);

    const res = await bulk(client, {
      action: 'move',
      ids: [a!.id, 'no-such-note', b!.id, theirs.id, c!.id],
      pad_id: to.id,
    });
    expect(res.status, res.text).toBe(404);
    expect(res.body.errors).toEqual([
      {
        code: 'not_found',
        param: 'ids[1]',
        message: expect.stringMatching(/^This voice note was not found\./),
      },
      {
        code: 'not_found',
        param: 'ids[3]',
        message: expect.stringMatching(/^This voice note was not found\./),
      },
    ]);
    expect(await idsIn(client, to.id)).toEqual([]);
    expect(await idsIn(client, from.id)).toHaveLength(3);
    expect((await padOf(client, to.id)).voice_note_count).toBe(0);
  });

  it('refuses a pad that is not the person’s, and a move without a pad', async () => {
    const from = await createPad(client, 'From');
    const note = await waitingNote(client, from.id);
    const theirPad = await createPad(other, 'Theirs');

    const intoTheirs = await bulk(client, { action: 'move', ids: [note.id], pad_id: theirPad.id });
    expect(intoTheirs.status).toBe(404);
    expect(intoTheirs.body.errors).toEqual([
      {
        code: 'not_found',
        param: 'pad_id',
        message: 'The pad to move the voice notes to was not found. Choose one of your pads.',
      },
    ]);
    expect(await idsIn(other, theirPad.id)).toEqual([]);

    const noPad = await bulk(client, { action: 'move', ids: [note.id] });
    expect(noPad.status).toBe(400);
    expect(noPad.body.errors).toEqual([
      { code: 'required', param: 'pad_id', message: 'Choose the pad to move the voice notes to.' },
    ]);
    expect(await idsIn(client, from.id)).toEqual([note.id]);
  });
});

describe('what a request may ask', () => {
  it('names each problem in words: no ids, duplicates, too many, a bad item, an unknown action', async () => {
    const cases: [Record<string, unknown>, number, { code: string; param: string; message: string }[]][] = [
      [
        { action: 'delete', ids: [] },
        400,
        [{ code: 'invalid', param: 'ids', message: 'Select at least one voice note.' }],
      ],
      [
        { action: 'delete' },
        400,
        [{ code: 'required', param: 'ids', message: 'Send the ids of the voice notes as a list.' }],
      ],
      [
        { action: 'delete', ids: ['a', 'b', 'a', 'c', 'b'] },
        400,
        [
          {
            code: 'invalid',
            param: 'ids[2]',
            message: 'This voice note is listed twice (first as ids[0]). List each one once.',
          },
          {
            code: 'invalid',
            param: 'ids[4]',
            message: 'This voice note is listed twice (first as ids[1]). List each one once.',
          },
        ],
      ],
      [
        { action: 'label', ids: ['a'] },
        400,
        [
          {
            code: 'invalid',
            param: 'action',
            message: 'Choose what to do: move, tag, untag, retranscribe, delete, restore.',
          },
        ],
      ],
      [
        { action: 'tag', ids: ['a'] },
        400,
        [
          {
            code: 'invalid',
            param: 'tags',
            message: 'Name the tag to add to the voice notes, e.g. "tags": ["work"].',
          },
        ],
      ],
      [
        { action: 'untag', ids: ['a'], tags: [] },
        400,
        [
          {
            code: 'invalid',
            param: 'tags',
            message: 'Name the tag to remove from the voice notes, e.g. "tags": ["work"].',
          },
        ],
      ],
      [
        { action: 'delete', ids: ['a', 'b', 'c', 'd', 'e', 'f'] },
        400,
        [
          {
            code: 'too_many_ids',
            param: 'ids',
            message: `You selected 6 voice notes; one action can take at most ${MAX_IDS}. Select fewer and do the rest in another go.`,
          },
        ],
      ],
    ];
    for (const [body, status, errors] of cases) {
      const res = await bulk(client, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body, JSON.stringify(body)).toEqual({ status, errors });
    }
    // The code of a wrongly typed item is parseInput's to choose (it says `required` for any
    // wrong type today); the item is named by its place and the words say what is wrong.
    const badItem = await bulk(client, { action: 'delete', ids: ['a', 7] });
    expect(badItem.status).toBe(400);
    expect(badItem.body.errors).toEqual([
      expect.objectContaining({ param: 'ids[1]', message: 'Each id must be text.' }),
    ]);
  });

  it('needs a session and the CSRF token', async () => {
    const anonymous = await fetch(`${app.baseUrl}${BULK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'delete', ids: ['a'] }),
    });
    expect([401, 403]).toContain(anonymous.status);
    client.sendCsrf = false;
    try {
      expect((await bulk(client, { action: 'delete', ids: ['a'] })).status).toBe(403);
    } finally {
      client.sendCsrf = true;
    }
  });
});

describe('deleting notes, with undo', () => {
  it('deletes them all, keeps the audio for the undo window, and restore brings back notes, versions and totals', async () => {
    const pad = await createPad(client, 'Bin');
    const kept = await finishedNote(client, pad.id, 'the queen bee laid eggs');
    const edited = await finishedNote(client, pad.id, 'smoke calms the hive');
    const typed = await client.request('PATCH', `${notePath(pad.id, edited.id)}/`, {
      json: { transcript: 'smoke calms the whole hive' },
    });
    expect(typed.status, typed.text).toBe(200);
    const waiting = await waitingNote(client, pad.id);
    const stays = await waitingNote(client, pad.id);
    const before = await padOf(client, pad.id);
    const versionsBefore = (
      await client.get<{ results: unknown[] }>(`${notePath(pad.id, edited.id)}/versions/`)
    ).body.results;
    expect(versionsBefore.length).toBeGreaterThan(1);

    const ids = [kept.id, edited.id, waiting.id];
    const keys = await Promise.all(ids.map(storageKeyOf));
    const started = Date.now();
    const res = await bulk(client, { action: 'delete', ids });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ action: 'delete', deleted: 3 });
    if (res.body.action !== 'delete') throw new Error('not a delete');
    const until = Date.parse(res.body.restorable_until);
    expect(until).toBeGreaterThanOrEqual(started + 10 * 60_000 - 1000);

    expect(await idsIn(client, pad.id)).toEqual([stays.id]);
    expect((await client.get(`${notePath(pad.id, kept.id)}/`)).status).toBe(404);
    expect((await padOf(client, pad.id)).voice_note_count).toBe(1);
    for (const key of keys) expect(await app.storage.size(key)).toBeGreaterThan(0);
    // The search no longer finds a deleted note.
    const found = async () =>
      (
        await client.get<{ results: { voice_note: { id: string } }[] }>('/api/v1/search/voicenote/?q=queen')
      ).body.results.map((r) => r.voice_note.id);
    expect(await found()).not.toContain(kept.id);

    // Someone else cannot bring them back, nor learn that they exist.
    const theirs = await bulk(other, { action: 'restore', ids });
    expect(theirs.status).toBe(409);
    expect(theirs.body.errors.map((e) => [e.code, e.param])).toEqual([
      ['not_restorable', 'ids[0]'],
      ['not_restorable', 'ids[1]'],
      ['not_restorable', 'ids[2]'],
    ]);

    const undo = await bulk(client, { action: 'restore', ids });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.body).toEqual({ action: 'restore', restored: 3 });
    expect(await idsIn(client, pad.id)).toEqual([...ids, stays.id].sort());
    const after = await padOf(client, pad.id);
    expect([after.voice_note_count, after.total_duration_seconds]).toEqual([
      before.voice_note_count,
      before.total_duration_seconds,
    ]);
    const back = (await client.get<VoiceNote>(`${notePath(pad.id, edited.id)}/`)).body;
    expect(back).toMatchObject({
      status: 'done',
      transcript: 'smoke calms the whole hive',
      transcript_edited: true,
    });
    expect(
      (await client.get<{ results: unknown[] }>(`${notePath(pad.id, edited.id)}/versions/`)).body.results,
    ).toEqual(versionsBefore);
    expect((await client.get<VoiceNote>(`${notePath(pad.id, waiting.id)}/`)).body.status).toBe('pending');
    expect(await found()).toContain(kept.id);

    // Undone once: a second restore finds nothing to bring back.
    const again = await bulk(client, { action: 'restore', ids: [kept.id] });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([
      {
        code: 'not_restorable',
        param: 'ids[0]',
        message: 'This voice note cannot be brought back: only notes deleted in the last 10 minutes can.',
      },
    ]);
  });

  it('deletes nothing when one id in the middle is another person’s', async () => {
    const pad = await createPad(client, 'Keep');
    const [a, b] = await Promise.all([1, 2].map(() => waitingNote(client, pad.id)));
    const theirs = await waitingNote(other, (await createPad(other, 'Theirs')).id);
    const res = await bulk(client, { action: 'delete', ids: [a!.id, theirs.id, b!.id] });
    expect(res.status).toBe(404);
    expect(res.body.errors.map((e) => [e.code, e.param])).toEqual([['not_found', 'ids[1]']]);
    expect(await idsIn(client, pad.id)).toEqual([a!.id, b!.id].sort());
    expect((await other.get(`/api/v1/pad/${theirs.pad_id}/voicenote/${theirs.id}/`)).status).toBe(200);
  });

  it('refuses to bring a note back into a deleted pad, or after the window; the sweeper then removes the audio', async () => {
    const pad = await createPad(client, 'Gone');
    const safe = await createPad(client, 'Safe');
    const inGonePad = await waitingNote(client, pad.id);
    const late = await waitingNote(client, safe.id);
    const keys = [await storageKeyOf(inGonePad.id), await storageKeyOf(late.id)];
    expect((await bulk(client, { action: 'delete', ids: [inGonePad.id, late.id] })).status).toBe(200);
    expect((await client.delete(`/api/v1/pad/${pad.id}/`)).status).toBe(204);
    // The undo window of `late` ends (as if ten minutes had passed).
    await app.db
      .updateTable('deleted_voice_notes')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', late.id)
      .execute();

    const res = await bulk(client, { action: 'restore', ids: [inGonePad.id, late.id] });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      {
        code: 'pad_gone',
        param: 'ids[0]',
        message: 'The pad this voice note was in has been deleted, so it cannot come back.',
      },
      { code: 'not_restorable', param: 'ids[1]', message: expect.stringMatching(/cannot be brought back/) },
    ]);
    // The pad's own deletion left the audio of a note in the bin alone.
    expect(await app.storage.size(keys[0]!)).toBeGreaterThan(0);

    const logged: string[] = [];
    const record = (_details: object, message: string) => logged.push(message);
    const swept = await sweep({
      db: app.db,
      storage: app.storage,
      queue: new TranscriptionQueue(app.db, currentBackend()),
      log: { info: record, warn: record },
      graceMs: 60 * 60_000,
    });
    expect(swept.expiredDeletions).toBeGreaterThanOrEqual(1);
    expect(await app.storage.size(keys[1]!)).toBeUndefined();
    // Still within its window: kept, even in a pad that is gone.
    expect(await app.storage.size(keys[0]!)).toBeGreaterThan(0);
    expect(logged).toEqual([]);
  });
});

describe('summaries in the bin', () => {
  it('a deleted note comes back with its summary versions; one being written waits again', async () => {
    const pad = await createPad(client, 'Undo summaries');
    const note = await finishedNote(client, pad.id, 'we need to water the beans');
    const owner = (
      await app.db
        .selectFrom('voice_notes')
        .select('owner_id')
        .where('id', '=', note.id)
        .executeTakeFirstOrThrow()
    ).owner_id;
    const base = Date.now() - 60_000;
    const version = (id: string, at: number, status: 'done' | 'running') => ({
      id,
      voice_note_id: note.id,
      owner_id: owner,
      status,
      summary: status === 'done' ? 'Watering the beans.' : null,
      action_items: status === 'done' ? JSON.stringify([{ text: 'Water the beans', start: 0.5 }]) : '[]',
      title: status === 'done' ? 'Beans' : null,
      model: 'tiny-model',
      endpoint: '127.0.0.1:9',
      error: null,
      attempts: status === 'running' ? 1 : 0,
      lease_owner: status === 'running' ? 'summaries-gone' : null,
      lease_expires_at: status === 'running' ? at + 600_000 : null,
      created_at: at,
      finished_at: status === 'done' ? at + 1000 : null,
    });
    await app.db
      .insertInto('note_summaries')
      .values([version(newId(base), base, 'done'), version(newId(base + 2000), base + 2000, 'running')])
      .execute();
    const versionsPath = `${notePath(pad.id, note.id)}/summary/versions/`;
    const before = (await client.get<{ results: { id: string; status: string }[] }>(versionsPath)).body
      .results;
    expect(before.map((v) => v.status)).toEqual(['running', 'done']);

    expect((await bulk(client, { action: 'delete', ids: [note.id] })).status).toBe(200);
    const restored = await bulk(client, { action: 'restore', ids: [note.id] });
    expect(restored.status, restored.text).toBe(200);

    const after = (await client.get<{ results: Record<string, unknown>[] }>(versionsPath)).body.results;
    expect(after.map((v) => v.id)).toEqual(before.map((v) => v.id));
    expect(after[1]).toEqual(before[1]);
    expect(after[1]).toMatchObject({
      status: 'done',
      summary: 'Watering the beans.',
      action_items: [{ text: 'Water the beans', start: 0.5 }],
      title: 'Beans',
      model: 'tiny-model',
    });
    // The one that was being written lost its writer with the note: it came back queued without
    // the dead lease, so a runner takes it up (this server's, with summaries off, fails it in words).
    const unfinishedNow = () =>
      app.db
        .selectFrom('note_summaries')
        .select(['status', 'lease_owner', 'error'])
        .where('id', '=', before[0]!.id)
        .executeTakeFirstOrThrow();
    const unfinished = await unfinishedNow();
    expect(unfinished.lease_owner).not.toBe('summaries-gone');
    if (unfinished.status !== 'queued') {
      // The runner may have it in hand (running, its own lease) on its way to failing it.
      await expect.poll(async () => (await unfinishedNow()).status, { timeout: 10_000 }).toBe('failed');
      expect(await unfinishedNow()).toMatchObject({ error: expect.stringMatching(/turned off/) });
    }
  });
});

describe('re-transcribing notes', () => {
  it('queues the finished ones and skips, counted, those being transcribed or without a recording', async () => {
    const pad = await createPad(client, 'Again');
    const done = await finishedNote(client, pad.id, 'first words');
    const lost = await finishedNote(client, pad.id, 'lost words');
    const busy = await waitingNote(client, pad.id);
    await app.storage.delete(await storageKeyOf(lost.id));

    const unknown = await bulk(client, { action: 'retranscribe', ids: [done.id, 'nope'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors.map((e) => e.param)).toEqual(['ids[1]']);
    expect((await client.get<VoiceNote>(`${notePath(pad.id, done.id)}/`)).body.status).toBe('done');

    const res = await bulk(client, { action: 'retranscribe', ids: [done.id, lost.id, busy.id] });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({
      action: 'retranscribe',
      queued: 1,
      skipped: 2,
      already_transcribing: 1,
      without_audio: 1,
    });
    expect((await client.get<VoiceNote>(`${notePath(pad.id, done.id)}/`)).body.status).toBe('pending');

    const nothing = await bulk(client, { action: 'retranscribe', ids: [done.id, busy.id] });
    expect(nothing.status).toBe(409);
    expect(nothing.body.errors).toEqual([
      {
        code: 'nothing_to_retranscribe',
        message: 'Every selected voice note is being transcribed already. Wait for them to finish.',
      },
    ]);

    const engine = await bulk(client, { action: 'retranscribe', ids: [lost.id], engine: 'nonesuch' });
    expect(engine.status).toBe(400);
    expect(engine.body.errors[0]).toMatchObject({ param: 'engine' });
  });
});

describe('tagging notes', () => {
  const tagsOf = async (who: TestClient, padId: string, id: string) =>
    (await who.get<VoiceNote>(`${notePath(padId, id)}/`)).body.tags;
  const setTags = async (who: TestClient, padId: string, id: string, tags: string[]) => {
    const res = await who.request<VoiceNote>('PATCH', `${notePath(padId, id)}/`, { json: { tags } });
    expect(res.status, res.text).toBe(200);
  };
  const tagList = async (who: TestClient) => (await who.get<TagList>('/api/v1/tags/')).body.tags;

  it('adds the tags to every note (making new ones), untag takes them off, and each changed note is told', async () => {
    const { client: person } = await signedUpClient(app.baseUrl);
    const pad = await createPad(person, 'Tagged');
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => waitingNote(person, pad.id)));
    await setTags(person, pad.id, a!.id, ['Work']);
    // Told from here on: the PATCH above was told too.
    const hook = await person.post<{ id: string }>('/api/v1/webhooks/', {
      url: 'http://127.0.0.2:9/bulk',
      events: ['note.updated'],
    });
    expect(hook.status, hook.text).toBe(201);
    const updated = async () =>
      (
        await app.db
          .selectFrom('webhook_deliveries')
          .select('payload')
          .where('webhook_id', '=', hook.body.id)
          .where('event', '=', 'note.updated')
          .execute()
      )
        .map((row) => (JSON.parse(row.payload) as { data: { note_id: string } }).data.note_id)
        .sort();
    const ids = [a!.id, b!.id, c!.id];

    const tagged = await bulk(person, { action: 'tag', ids, tags: ['work', ' Ideas '] });
    expect(tagged.status, tagged.text).toBe(200);
    expect(tagged.body).toEqual({ action: 'tag', tagged: 3 });
    // "work" is the tag "Work" already: its casing stays; "Ideas" is made, trimmed.
    for (const id of ids) expect(await tagsOf(person, pad.id, id)).toEqual(['Ideas', 'Work']);
    expect(await tagList(person)).toEqual([
      expect.objectContaining({ name: 'Ideas', count: 3 }),
      expect.objectContaining({ name: 'Work', count: 3 }),
    ]);
    expect(await updated()).toEqual([...ids].sort());

    // Notes that carry them already are left as they are, and not counted.
    expect((await bulk(person, { action: 'tag', ids, tags: ['IDEAS'] })).body).toEqual({
      action: 'tag',
      tagged: 0,
    });

    const untagged = await bulk(person, {
      action: 'untag',
      ids: [b!.id, c!.id],
      tags: ['WORK', 'no-such-tag'],
    });
    expect(untagged.status, untagged.text).toBe(200);
    expect(untagged.body).toEqual({ action: 'untag', untagged: 2 });
    expect(await tagsOf(person, pad.id, a!.id)).toEqual(['Ideas', 'Work']);
    expect(await tagsOf(person, pad.id, b!.id)).toEqual(['Ideas']);
    expect((await bulk(person, { action: 'untag', ids: [b!.id], tags: ['work'] })).body).toEqual({
      action: 'untag',
      untagged: 0,
    });
    // As after a PATCH, a tag on fewer notes is kept; one on none would be too.
    expect(await tagList(person)).toEqual([
      expect.objectContaining({ name: 'Ideas', count: 3 }),
      expect.objectContaining({ name: 'Work', count: 1 }),
    ]);
    expect(await updated()).toEqual([...ids, b!.id, c!.id].sort());
  });

  it('tags nothing, and makes no tag, when one id is unknown or another person’s, naming each', async () => {
    const pad = await createPad(client, 'Tag some');
    const [a, b] = await Promise.all([1, 2].map(() => waitingNote(client, pad.id)));
    const theirs = await waitingNote(other, (await createPad(other, 'Theirs')).id);

    const res = await bulk(client, {
      action: 'tag',
      ids: [a!.id, 'no-such-note', b!.id, theirs.id],
      tags: ['never-made'],
    });
    expect(res.status, res.text).toBe(404);
    expect(res.body.errors.map((e) => [e.code, e.param])).toEqual([
      ['not_found', 'ids[1]'],
      ['not_found', 'ids[3]'],
    ]);
    expect(await tagsOf(client, pad.id, a!.id)).toEqual([]);
    expect((await tagList(client)).map((t) => t.name)).not.toContain('never-made');
    expect((await tagList(other)).map((t) => t.name)).not.toContain('never-made');
  });

  it('refuses notes that would carry more tags than one may, naming each; nothing changes', async () => {
    const { client: person } = await signedUpClient(app.baseUrl);
    const pad = await createPad(person, 'Full');
    const [empty, full] = await Promise.all([1, 2].map(() => waitingNote(person, pad.id)));
    await setTags(person, pad.id, full!.id, ['t1', 't2', 't3']);

    const res = await bulk(person, { action: 'tag', ids: [empty!.id, full!.id], tags: ['x', 'T1', 'y'] });
    expect(res.status, res.text).toBe(409);
    expect(res.body.errors).toEqual([
      {
        code: 'too_many_tags_on_note',
        param: 'ids[1]',
        message: `This voice note has 3 tags; 2 more would take it past ${TAGS_PER_NOTE}, the most one voice note can have. Remove some of its tags first, or leave it out.`,
      },
    ]);
    expect(await tagsOf(person, pad.id, empty!.id)).toEqual([]);
    expect((await tagList(person)).map((t) => t.name)).toEqual(['t1', 't2', 't3']);

    // A name the note has already does not count; more names than any note may carry is the request's fault.
    expect((await bulk(person, { action: 'tag', ids: [full!.id], tags: ['T1', 'x'] })).body).toEqual({
      action: 'tag',
      tagged: 1,
    });
    const tooMany = await bulk(person, { action: 'tag', ids: [empty!.id], tags: ['1', '2', '3', '4', '5'] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual([
      expect.objectContaining({ code: 'too_many_tags_on_note', param: 'tags' }),
    ]);
  });

  it('touches only the person’s own tags', async () => {
    const mine = await createPad(client, 'Mine');
    const note = await waitingNote(client, mine.id);
    const theirPad = await createPad(other, 'Theirs');
    const theirNote = await waitingNote(other, theirPad.id);
    await setTags(other, theirPad.id, theirNote.id, ['shared-name']);

    expect((await bulk(client, { action: 'tag', ids: [note.id], tags: ['shared-name'] })).status).toBe(200);
    expect((await bulk(client, { action: 'untag', ids: [note.id], tags: ['shared-name'] })).status).toBe(200);
    expect(await tagsOf(other, theirPad.id, theirNote.id)).toEqual(['shared-name']);
    expect((await tagList(other)).find((t) => t.name === 'shared-name')?.count).toBe(1);
    // Their note cannot be untagged by id either.
    expect((await bulk(client, { action: 'untag', ids: [theirNote.id], tags: ['shared-name'] })).status).toBe(
      404,
    );
    expect(await tagsOf(other, theirPad.id, theirNote.id)).toEqual(['shared-name']);
  });

  it('a deleted note comes back with its tags, also one renamed meanwhile', async () => {
    const pad = await createPad(client, 'Undo tags');
    const [a, b] = await Promise.all([1, 2].map(() => waitingNote(client, pad.id)));
    await setTags(client, pad.id, a!.id, ['Keep-a', 'Renamed-soon']);
    await setTags(client, pad.id, b!.id, ['Keep-b']);

    const ids = [a!.id, b!.id];
    expect((await bulk(client, { action: 'delete', ids })).status).toBe(200);
    expect((await tagList(client)).find((t) => t.name === 'Keep-a')?.count).toBe(0);
    const renamedId = (await tagList(client)).find((t) => t.name === 'Renamed-soon')!.id;
    expect(
      (await client.request('PATCH', `/api/v1/tags/${renamedId}/`, { json: { name: 'Renamed' } })).status,
    ).toBe(200);

    const restored = await bulk(client, { action: 'restore', ids });
    expect(restored.status, restored.text).toBe(200);
    expect(await tagsOf(client, pad.id, a!.id)).toEqual(['Keep-a', 'Renamed']);
    expect(await tagsOf(client, pad.id, b!.id)).toEqual(['Keep-b']);
    expect((await tagList(client)).find((t) => t.name === 'Keep-a')?.count).toBe(1);
  });
});

describe('what webhooks hear of bulk actions', () => {
  it('a move is note.updated, a delete note.deleted (with pad and title), a restore note.created', async () => {
    const { client: person } = await signedUpClient(app.baseUrl);
    const from = await createPad(person, 'From');
    const to = await createPad(person, 'To');
    const [a, b] = await Promise.all([1, 2].map(() => waitingNote(person, from.id)));
    const hook = await person.post<{ id: string }>('/api/v1/webhooks/', {
      url: 'http://127.0.0.2:9/bulk',
      events: ['note.created', 'note.updated', 'note.deleted'],
    });
    expect(hook.status, hook.text).toBe(201);
    const heard = async (event: string) =>
      (
        await app.db
          .selectFrom('webhook_deliveries')
          .select('payload')
          .where('webhook_id', '=', hook.body.id)
          .where('event', '=', event)
          .execute()
      ).map((row) => (JSON.parse(row.payload) as { data: Record<string, unknown> }).data);
    const ids = [a!.id, b!.id];

    expect((await bulk(person, { action: 'move', ids, pad_id: to.id })).status).toBe(200);
    expect((await heard('note.updated')).map((d) => d.note_id).sort()).toEqual([...ids].sort());

    expect((await bulk(person, { action: 'delete', ids })).status).toBe(200);
    const deleted = await heard('note.deleted');
    expect(deleted.map((d) => d.note_id).sort()).toEqual([...ids].sort());
    for (const data of deleted) expect(data).toMatchObject({ pad_id: to.id, title: expect.any(String) });

    expect((await bulk(person, { action: 'restore', ids })).status).toBe(200);
    expect((await heard('note.created')).map((d) => d.note_id).sort()).toEqual([...ids].sort());
  });
});
