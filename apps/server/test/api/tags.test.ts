/**
 * Tags and note filters through the API (ADR 0045): tagging a note (trimmed, one per name
 * whatever its case, the first casing kept, sorted), counts, rename/merge/delete, both limits,
 * errors naming their field, owner scoping, and every filter alone and together on a pad's
 * list, the recent list and search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { RecentVoiceNotes } from '@voxpad/shared/recent-voice-notes';
import type { VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { Tag, TagList } from '@voxpad/shared/tags';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

const PER_NOTE = 3;
const PER_USER = 5;
const TAGS = '/api/v1/tags/';
const tagUrl = (id: string) => `${TAGS}${id}/`;
const noteUrl = (note: { pad_id: string; id: string }) => `/api/v1/pad/${note.pad_id}/voicenote/${note.id}/`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TAGS_MAX_PER_NOTE: String(PER_NOTE), TAGS_MAX_PER_USER: String(PER_USER) });
});
afterAll(() => app.close());

/** A success or the error envelope (a note has a `status` of its own). */
type Answer<T> = T & Pick<ApiErrorResponse, 'errors'>;

async function person() {
  const { client } = await signedUpClient(app.baseUrl);
  return client;
}

async function newPad(client: TestClient, name = 'Pad'): Promise<Pad> {
  const res = await client.post<Pad>('/api/v1/pad/', { name: `${name} ${Math.random()}` });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A note of `seconds` of audio, titled by the person (so a transcript leaves the title alone). */
async function newNote(client: TestClient, pad: Pad, title: string, seconds = 0.2): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: toneWav(seconds),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="n.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  const named = await client.request<VoiceNote>('PATCH', noteUrl(res.body), { json: { title } });
  expect(named.status, named.text).toBe(200);
  return named.body;
}

const patchNote = (client: TestClient, note: VoiceNote, json: unknown) =>
  client.request<Answer<VoiceNote>>('PATCH', noteUrl(note), { json });
const listTags = async (client: TestClient) => (await client.get<TagList>(TAGS)).body.tags;
const rename = (client: TestClient, id: string, json: unknown) =>
  client.request<Answer<Tag>>('PATCH', tagUrl(id), { json });
const merge = (client: TestClient, id: string, json: unknown) =>
  client.post<Answer<Tag>>(`${tagUrl(id)}merge/`, json);
const tagId = async (client: TestClient, name: string) => {
  const tag = (await listTags(client)).find((t) => t.name === name);
  if (!tag) throw new Error(`no tag ${name}`);
  return tag.id;
};

describe('tagging a note', () => {
  it('trims, keeps one per name whatever the case (first casing), sorts, and shows tags everywhere', async () => {
    const client = await person();
    const pad = await newPad(client);
    const note = await newNote(client, pad, 'Allotment');
    expect(note.tags).toEqual([]);

    const res = await patchNote(client, note, { tags: ['  Work ', 'ideas', 'WORK', 'Bees'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tags).toEqual(['Bees', 'ideas', 'Work']);

    expect((await client.get<VoiceNote>(noteUrl(note))).body.tags).toEqual(['Bees', 'ideas', 'Work']);
    const padList = await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/`);
    expect(padList.body.results[0]?.tags).toEqual(['Bees', 'ideas', 'Work']);
    const recent = await client.get<RecentVoiceNotes>('/api/v1/voicenote/recent/');
    expect(recent.body.results[0]?.tags).toEqual(['Bees', 'ideas', 'Work']);
    const found = await client.get<Page<VoiceNoteSearchHit>>('/api/v1/search/voicenote/?q=allotment');
    expect(found.body.results.map((hit) => hit.voice_note.tags)).toEqual([['Bees', 'ideas', 'Work']]);

    // Another note reuses the tags by name, whatever the case, keeping the first casing.
    const other = await newNote(client, await newPad(client), 'Hives');
    expect((await patchNote(client, other, { tags: ['work', 'BEES'] })).body.tags).toEqual(['Bees', 'Work']);
    expect(await listTags(client)).toEqual([
      { id: expect.any(String), name: 'Bees', count: 2 },
      { id: expect.any(String), name: 'ideas', count: 1 },
      { id: expect.any(String), name: 'Work', count: 2 },
    ]);
  });

  it('replaces the whole set; an empty list removes every tag, and unused tags stay listed at 0', async () => {
    const client = await person();
    const note = await newNote(client, await newPad(client), 'Plans');
    await patchNote(client, note, { tags: ['a', 'b'] });
    expect((await patchNote(client, note, { tags: ['b', 'c'], title: 'Plans 2' })).body).toMatchObject({
      title: 'Plans 2',
      tags: ['b', 'c'],
    });
    expect((await patchNote(client, note, { tags: [] })).body.tags).toEqual([]);
    expect((await listTags(client)).map((t) => [t.name, t.count])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 0],
    ]);
    // A PATCH without tags leaves them alone.
    await patchNote(client, note, { tags: ['keep'] });
    expect((await patchNote(client, note, { title: 'Renamed' })).body.tags).toEqual(['keep']);
  });

  it.each([
    [{ tags: 'work' }, 'tags', 'Send the tags as a list of names, e.g. ["work", "ideas"].'],
    [{ tags: ['  '] }, 'tags.0', 'A tag needs at least one character.'],
    [{ tags: ['x'.repeat(51)] }, 'tags.0', 'A tag can be at most 50 characters.'],
    [{ tags: [7] }, 'tags.0', 'A tag must be text.'],
  ])('refuses %j with a 400 naming %s', async (json, param, message) => {
    const client = await person();
    const note = await newNote(client, await newPad(client), 'Bad');
    const res = await patchNote(client, note, json);
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([{ code: expect.any(String), param, message }]);
  });

  it('keeps at most TAGS_MAX_PER_NOTE on a note (duplicates by case count once) and changes nothing else', async () => {
    const client = await person();
    const note = await newNote(client, await newPad(client), 'Many');
    expect((await patchNote(client, note, { tags: ['a', 'b', 'c', 'A', 'B'] })).status).toBe(200);
    const res = await patchNote(client, note, { tags: ['a', 'b', 'c', 'd'], title: 'Changed' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        code: 'too_many_tags_on_note',
        param: 'tags',
        message: `A voice note can have at most ${PER_NOTE} tags. Remove some, then try again.`,
      },
    ]);
    expect((await client.get<VoiceNote>(noteUrl(note))).body).toMatchObject({
      title: 'Many',
      tags: ['a', 'b', 'c'],
    });
  });

  it('keeps at most TAGS_MAX_PER_USER tags per account, and the refused PATCH writes nothing', async () => {
    const client = await person();
    const pad = await newPad(client);
    const first = await newNote(client, pad, 'One');
    const second = await newNote(client, pad, 'Two');
    await patchNote(client, first, { tags: ['t1', 't2', 't3'] });
    await patchNote(client, second, { tags: ['t4', 't5'] });
    // Existing tags can still be used.
    expect((await patchNote(client, second, { tags: ['t1', 'T5', 't4'] })).status).toBe(200);
    const res = await patchNote(client, second, { tags: ['t6'], title: 'Not renamed' });
    expect(res.status, res.text).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'tag_limit_reached', param: 'tags' });
    expect(res.body.errors[0]?.message).toContain(`${PER_USER} tags`);
    expect((await client.get<VoiceNote>(noteUrl(second))).body).toMatchObject({
      title: 'Two',
      tags: ['t1', 't4', 't5'],
    });
    expect(await listTags(client)).toHaveLength(PER_USER);
    // Deleting one makes room.
    expect((await client.delete(tagUrl(await tagId(client, 't2')))).status).toBe(204);
    expect((await patchNote(client, second, { tags: ['t6'] })).body.tags).toEqual(['t6']);
  });
});

describe('renaming, merging and deleting tags', () => {
  async function twoTaggedNotes() {
    const client = await person();
    const pad = await newPad(client);
    const a = await newNote(client, pad, 'A');
    const b = await newNote(client, await newPad(client), 'B');
    await patchNote(client, a, { tags: ['draft', 'Later'] });
    await patchNote(client, b, { tags: ['later', 'urgent'] });
    return { client, a, b };
  }

  it('renames, including only the case of its own name; notes show the new name', async () => {
    const { client, a, b } = await twoTaggedNotes();
    const later = await tagId(client, 'Later');
    const res = await rename(client, later, { name: '  Someday ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: later, name: 'Someday', count: 2 });
    expect((await rename(client, later, { name: 'SOMEDAY' })).body).toEqual({
      id: later,
      name: 'SOMEDAY',
      count: 2,
    });
    expect((await client.get<VoiceNote>(noteUrl(a))).body.tags).toEqual(['draft', 'SOMEDAY']);
    expect((await client.get<VoiceNote>(noteUrl(b))).body.tags).toEqual(['SOMEDAY', 'urgent']);
  });

  it('answers 409 for another tag’s name (any case) unless asked to merge; merging keeps one link per note', async () => {
    const { client, a, b } = await twoTaggedNotes();
    const draft = await tagId(client, 'draft');
    const later = await tagId(client, 'Later');
    const refused = await rename(client, draft, { name: 'LATER' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([
      {
        code: 'tag_exists',
        param: 'name',
        message: 'You already have a tag called "Later". Choose another name, or merge this tag into it.',
      },
    ]);
    const merged = await rename(client, draft, { name: 'later', merge: true });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body).toEqual({ id: later, name: 'Later', count: 2 });
    expect((await client.get<VoiceNote>(noteUrl(a))).body.tags).toEqual(['Later']);
    expect((await client.get<VoiceNote>(noteUrl(b))).body.tags).toEqual(['Later', 'urgent']);
    expect((await rename(client, draft, { name: 'gone' })).status).toBe(404);
  });

  it('merges one tag into another; a note carrying both keeps it once', async () => {
    const { client, a, b } = await twoTaggedNotes();
    const urgent = await tagId(client, 'urgent');
    const later = await tagId(client, 'Later');
    const res = await merge(client, later, { into: urgent });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: urgent, name: 'urgent', count: 2 });
    expect((await client.get<VoiceNote>(noteUrl(a))).body.tags).toEqual(['draft', 'urgent']);
    expect((await client.get<VoiceNote>(noteUrl(b))).body.tags).toEqual(['urgent']);
    expect((await listTags(client)).map((t) => [t.name, t.count])).toEqual([
      ['draft', 1],
      ['urgent', 2],
    ]);

    const self = await merge(client, urgent, { into: urgent });
    expect(self.status).toBe(400);
    expect(self.body.errors[0]).toMatchObject({ param: 'into' });
    const missing = await merge(client, urgent, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ param: 'into', code: 'required' });
    const unknown = await merge(client, urgent, { into: '01hzzzzzzzzzzzzzzzzzzzzzzz' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({
      param: 'into',
      message: 'The tag to merge into was not found.',
    });
  });

  it('deletes a tag from every note', async () => {
    const { client, a, b } = await twoTaggedNotes();
    const later = await tagId(client, 'Later');
    expect((await client.delete(tagUrl(later))).status).toBe(204);
    expect((await client.get<VoiceNote>(noteUrl(a))).body.tags).toEqual(['draft']);
    expect((await client.get<VoiceNote>(noteUrl(b))).body.tags).toEqual(['urgent']);
    expect((await listTags(client)).map((t) => t.name)).toEqual(['draft', 'urgent']);
    const again = await client.delete<ApiErrorResponse>(tagUrl(later));
    expect(again.status).toBe(404);
    expect(again.body.errors[0]?.message).toBe('This tag was not found.');
  });

  it('validates a rename', async () => {
    const { client } = await twoTaggedNotes();
    const draft = await tagId(client, 'draft');
    for (const [json, param] of [
      [{}, 'name'],
      [{ name: ' ' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: 'ok', merge: 'yes' }, 'merge'],
    ] as const) {
      const res = await rename(client, draft, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errors[0]?.param).toBe(param);
    }
  });

  it('keeps tags to their owner: another person’s tag ids answer 404 and their names are their own', async () => {
    const { client: owner, a } = await twoTaggedNotes();
    const stranger = await person();
    const draft = await tagId(owner, 'draft');
    expect(await listTags(stranger)).toEqual([]);
    expect((await rename(stranger, draft, { name: 'mine' })).status).toBe(404);
    expect((await merge(stranger, draft, { into: draft })).status).toBe(404);
    expect((await stranger.delete(tagUrl(draft))).status).toBe(404);
    // Nor can the stranger tag the owner's note, or merge their own tag into the owner's.
    expect((await patchNote(stranger, a, { tags: ['x'] })).status).toBe(404);
    const theirs = await newNote(stranger, await newPad(stranger), 'Theirs');
    await patchNote(stranger, theirs, { tags: ['DRAFT'] });
    const theirDraft = await tagId(stranger, 'DRAFT');
    expect(theirDraft).not.toBe(draft);
    expect((await merge(stranger, theirDraft, { into: draft })).status).toBe(404);
    expect((await merge(owner, draft, { into: theirDraft })).status).toBe(404);
    // The same name filters each person's own notes only.
    const strangerFound = await stranger.get<RecentVoiceNotes>('/api/v1/voicenote/recent/?tag=draft');
    expect(strangerFound.body.results.map((n) => n.title)).toEqual(['Theirs']);
    expect((await owner.get<VoiceNote>(noteUrl(a))).body.tags).toEqual(['draft', 'Later']);
    expect((await owner.get(TAGS)).status).toBe(200);
    const anonymous = await (await fetch(`${app.baseUrl}${TAGS}`)).json();
    expect(anonymous).toMatchObject({ status: 401 });
  });
});

describe('filters', () => {
  let client: TestClient;
  let home: Pad;
  let work: Pad;
  const DAY = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);

  /**
   * Four notes, all with "tomatoes" in their title or transcript:
   * - Garden plan (home): done, 3 s, tags garden + Ideas, 2024-01-15
   * - Shopping list (home): done then edited, 2 s, tag Ideas, 2024-03-10
   * - Meeting notes (work): done, 4 s, tags ideas + work, now; shared through its pad
   * - Tomatoes memo (work): failed, 1 s of audio, tag work, now
   */
  beforeAll(async () => {
    client = await person();
    home = await newPad(client, 'Home');
    work = await newPad(client, 'Work');
    const garden = await newNote(client, home, 'Garden plan');
    await completeTranscription(app.db, garden.id, 'plant the tomatoes near the fence');
    const shopping = await newNote(client, home, 'Shopping list');
    await completeTranscription(app.db, shopping.id, 'buy tomatoes and bread');
    const meeting = await newNote(client, work, 'Meeting notes');
    await completeTranscription(app.db, meeting.id, 'tomatoes budget review with the whole team today');
    const memo = await newNote(client, work, 'Tomatoes memo', 1);
    await new TranscriptionQueue(app.db, currentBackend()).failUnclaimed(memo.id, 'No speech was heard.');

    expect((await patchNote(client, shopping, { transcript: 'buy tomatoes, bread and milk' })).status).toBe(
      200,
    );
    await patchNote(client, garden, { tags: ['garden', 'Ideas'] });
    await patchNote(client, shopping, { tags: ['ideas'] });
    await patchNote(client, meeting, { tags: ['IDEAS', 'work'] });
    await patchNote(client, memo, { tags: ['work'] });
    // Made on other days than today: the date filters need a past.
    for (const [note, at] of [
      [garden, DAY(2024, 1, 15)],
      [shopping, DAY(2024, 3, 10)],
    ] as const) {
      await app.db.updateTable('voice_notes').set({ created_at: at }).where('id', '=', note.id).execute();
    }
    // Share links, made as a person makes them: a live pad link, a revoked note link and one
    // that has expired since.
    const share = async (body: Record<string, string>) => {
      const res = await client.post<{ id: string }>('/api/v1/shares/', body);
      expect(res.status, res.text).toBe(201);
      return res.body.id;
    };
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await share({ pad_id: work.id, expires_at: inAnHour });
    const revoked = await share({ note_id: garden.id });
    expect((await client.delete(`/api/v1/shares/${revoked}/`)).status).toBe(204);
    const expired = await share({ note_id: shopping.id, expires_at: inAnHour });
    await app.db
      .updateTable('shares')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', expired)
      .execute();
  });

  const recent = async (query: string) => {
    const res = await client.get<Answer<RecentVoiceNotes>>(`/api/v1/voicenote/recent/?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.results.map((n) => n.title).sort();
  };
  const padList = async (pad: Pad, query: string) => {
    const res = await client.get<Answer<Page<VoiceNote>>>(`/api/v1/pad/${pad.id}/voicenote/?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.results.map((n) => n.title).sort();
  };
  const search = async (query: string) => {
    const res = await client.get<Answer<Page<VoiceNoteSearchHit>>>(
      `/api/v1/search/voicenote/?q=tomatoes&${query}`,
    );
    expect(res.status, res.text).toBe(200);
    return res.body.results.map((hit) => hit.voice_note.title).sort();
  };

  const ALL = ['Garden plan', 'Meeting notes', 'Shopping list', 'Tomatoes memo'];
  it.each([
    ['', ALL],
    [`tag=ideas`, ['Garden plan', 'Meeting notes', 'Shopping list']],
    ['tag=IDEAS&tag=Garden', ['Garden plan']],
    ['tag=ideas&tag=work', ['Meeting notes']],
    ['tag=nothing', []],
    ['from=2024-03-10', ['Meeting notes', 'Shopping list', 'Tomatoes memo']],
    ['to=2024-03-10', ['Garden plan', 'Shopping list']],
    ['from=2024-01-16&to=2024-12-31', ['Shopping list']],
    ['from=2024-03-10T13:00:00%2B02:00&to=2024-03-10T23:00:00Z', ['Shopping list']],
    ['min_duration=2.5', ['Garden plan', 'Meeting notes']],
    ['max_duration=2', ['Shopping list', 'Tomatoes memo']],
    ['min_duration=2&max_duration=3', ['Garden plan', 'Shopping list']],
    ['status=failed', ['Tomatoes memo']],
    ['status=done&tag=work', ['Meeting notes']],
    ['status=pending', []],
    ['edited=true', ['Shopping list']],
    ['edited=false&status=done', ['Garden plan', 'Meeting notes']],
    ['shared=true', ['Meeting notes', 'Tomatoes memo']],
    ['shared=false&tag=ideas', ['Garden plan', 'Shopping list']],
    ['tag=ideas&edited=false&max_duration=3.5&to=2024-02-01', ['Garden plan']],
  ])('recent list and search with %s', async (query, expected) => {
    expect(await recent(query)).toEqual(expected);
    expect(await search(query)).toEqual(expected);
  });

  it('narrows to one pad with pad= on the recent list and search, and within a pad’s own list', async () => {
    expect(await recent(`pad=${work.id}`)).toEqual(['Meeting notes', 'Tomatoes memo']);
    expect(await search(`pad=${home.id}&tag=ideas`)).toEqual(['Garden plan', 'Shopping list']);
    expect(await padList(home, 'tag=ideas&edited=false')).toEqual(['Garden plan']);
    expect(await padList(work, 'tag=work&min_duration=1.5')).toEqual(['Meeting notes']);
    expect(await padList(work, 'shared=true')).toEqual(['Meeting notes', 'Tomatoes memo']);
    expect(await padList(home, 'from=2024-02-01')).toEqual(['Shopping list']);
    // A pad's list is that pad's: pad= does not take it elsewhere.
    expect(await padList(home, `pad=${work.id}`)).toEqual(['Garden plan', 'Shopping list']);
  });

  it('pages a filtered pad list', async () => {
    const first = await client.get<Page<VoiceNote>>(`/api/v1/pad/${home.id}/voicenote/?tag=ideas&limit=1`);
    expect(first.body.results).toHaveLength(1);
    expect(first.body.next).not.toBeNull();
    const second = await client.get<Page<VoiceNote>>(
      `/api/v1/pad/${home.id}/voicenote/?tag=ideas&limit=1&cursor=${first.body.next}`,
    );
    expect(second.body.results).toHaveLength(1);
    expect(second.body.next).toBeNull();
    expect([first.body.results[0]?.title, second.body.results[0]?.title].sort()).toEqual([
      'Garden plan',
      'Shopping list',
    ]);
  });

  it.each([
    ['status=finished', 'status', 'status must be one of pending, processing, done, failed.'],
    ['edited=yes', 'edited', 'edited must be true or false.'],
    ['shared=1', 'shared', 'shared must be true or false.'],
    ['min_duration=long', 'min_duration', 'min_duration must be a number of seconds, such as 90.'],
    ['max_duration=-1', 'max_duration', 'max_duration must be a number of seconds, 0 or more.'],
    ['min_duration=10&max_duration=5', 'max_duration', 'max_duration must not be less than min_duration.'],
    [
      'from=2024-02-30',
      'from',
      'from must be a date such as 2024-05-31, or a time with its offset such as 2024-05-31T09:00:00+02:00.',
    ],
    ['from=2024-05-02&to=2024-05-01', 'to', 'to must not be before from.'],
    ['to=yesterday', 'to', expect.stringContaining('to must be a date')],
    [`tag=${'x'.repeat(51)}`, 'tag', 'A tag can be at most 50 characters.'],
    [
      Array.from({ length: 11 }, (_, i) => `tag=t${i}`).join('&'),
      'tag',
      'Filter by at most 10 tags at once.',
    ],
    ['from=2024-01-01&from=2024-02-01', 'from', 'Give from once, as a date such as 2024-05-31.'],
  ])('answers 400 for %s, naming %s, on every list and search', async (query, param, message) => {
    for (const path of [
      `/api/v1/voicenote/recent/?${query}`,
      `/api/v1/pad/${home.id}/voicenote/?${query}`,
      `/api/v1/search/voicenote/?q=tomatoes&${query}`,
    ]) {
      const res = await client.get<ApiErrorResponse>(path);
      expect(res.status, path).toBe(400);
      expect(res.body.errors).toEqual([{ code: expect.any(String), param, message }]);
    }
  });
});
