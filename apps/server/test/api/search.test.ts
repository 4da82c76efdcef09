import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { HighlightedText, PadSearchHit, VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import * as migration0033 from '../../src/db/migrations/0033-search-filter-indexes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

type NotePage = Page<VoiceNoteSearchHit>;

const searchNotes = (client: TestClient, q: string, extra = '') =>
  client.get<NotePage>(`/api/v1/search/voicenote/?q=${encodeURIComponent(q)}${extra}`);
const searchPads = (client: TestClient, q: string, extra = '') =>
  client.get<Page<PadSearchHit>>(`/api/v1/search/pad/?q=${encodeURIComponent(q)}${extra}`);
const titles = (page: NotePage) => page.results.map((h) => h.voice_note.title);
/** The highlighted words, to compare without counting offsets by hand. */
const marked = (h: HighlightedText | null) => (h ? h.highlights.map(([s, e]) => h.text.slice(s, e)) : []);

async function note(
  client: TestClient,
  padId: string,
  title: string,
  transcript?: string,
  timing?: { start?: number; secondsPerWord?: number },
): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body: toneWav(0.1),
    headers: {
      'content-type': 'audio/wav',
      'content-disposition': `attachment; filename="${title}.wav"`,
    },
  });
  expect(res.status).toBe(201);
  // Given by the person, so the transcript does not rename it (ADR 0026).
  const named = await client.request<VoiceNote>('PATCH', `/api/v1/pad/${padId}/voicenote/${res.body.id}/`, {
    json: { title },
  });
  expect(named.status).toBe(200);
  if (transcript !== undefined) await completeTranscription(server.db, res.body.id, transcript, timing);
  return named.body;
}

async function userWithPad(name = 'Notes', description = '') {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name, description })).body;
  return { client, pad };
}

describe('search: input', () => {
  it('requires a login', async () => {
    const client = new TestClient(server.baseUrl);
    await client.prime();
    expect((await searchNotes(client, 'x')).status).toBe(401);
    expect((await searchPads(client, 'x')).status).toBe(401);
  });

  it('explains a missing, blank or too long query and bad paging', async () => {
    const { client } = await userWithPad();
    for (const path of ['/api/v1/search/voicenote/', '/api/v1/search/pad/']) {
      const missing = await client.get(path);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        status: 400,
        errors: [{ code: 'required', param: 'q', message: 'Type what to search for in the q parameter.' }],
      });
      const blank = await client.get(`${path}?q=%20%20`);
      expect(blank.body).toMatchObject({
        status: 400,
        errors: [{ param: 'q', message: /Type what to search/ }],
      });
      const long = await client.get(`${path}?q=${'a'.repeat(201)}`);
      expect(long.body).toMatchObject({
        status: 400,
        errors: [{ param: 'q', code: 'too_long', message: 'A search can be at most 200 characters.' }],
      });
      expect((await client.get(`${path}?q=${'a'.repeat(200)}`)).status).toBe(200);
      const limit = await client.get(`${path}?q=a&limit=500`);
      expect(limit.body).toMatchObject({ status: 400, errors: [{ param: 'limit' }] });
      expect((await client.get(`${path}?q=a&limit=zero`)).status).toBe(400);
      const cursor = await client.get(`${path}?q=a&cursor=bm9wZQ`);
      expect(cursor.body).toMatchObject({ status: 400, errors: [{ param: 'cursor' }] });
    }
  });

  it('never fails on full-text syntax typed into the box', async () => {
    const { client, pad } = await userWithPad();
    await note(client, pad.id, 'Plumber', 'call the plumber about the kitchen sink');
    const nasty = [
      '"',
      '""',
      '"unterminated',
      '*',
      'kitchen*',
      '**',
      'AND',
      'OR NOT',
      'kitchen OR',
      'NEAR(kitchen sink)',
      'NEAR/2',
      'title:kitchen',
      'owner_id:x',
      '{title transcript}: sink',
      '^sink',
      '-kitchen',
      '+sink',
      '(',
      ')',
      "'",
      "it's",
      '\\',
      '%',
      '_',
      ':*',
      'sink:*',
      '& | ! <-> <2>',
      '!!!',
      '😀',
      '\u0000',
      'DROP TABLE voice_notes; --',
      "' OR 1=1 --",
      'a'.repeat(200),
      'kitchen '.repeat(25).trim(),
    ];
    for (const q of nasty) {
      for (const res of [await searchNotes(client, q), await searchPads(client, q)]) {
        expect(res.status, JSON.stringify(q)).toBe(200);
        expect(res.body).toMatchObject({ results: expect.any(Array), next: null, previous: null });
      }
    }
    // Syntax characters are just separators: the words around them still count.
    expect(titles((await searchNotes(client, 'kitchen:*')).body)).toEqual(['Plumber']);
    expect(titles((await searchNotes(client, '"kitchen" (sink)')).body)).toEqual(['Plumber']);
  });
});

describe('search: voice notes', () => {
  it('finds words by stem, in titles and transcripts, best match first', async () => {
    const { client, pad } = await userWithPad();
    await note(client, pad.id, 'Groceries', 'we need milk eggs and bread');
    await note(client, pad.id, 'Team meeting notes', 'agenda for the planning session');
    await note(client, pad.id, 'Thoughts', 'after the meetings today I feel we are meeting too often');
    await note(client, pad.id, 'Unrelated', 'nothing to see here');

    const res = await searchNotes(client, 'meetings ');
    expect(res.status).toBe(200);
    // A title match weighs more than words in a transcript.
    expect(titles(res.body)).toEqual(['Team meeting notes', 'Thoughts']);
    const [first, second] = res.body.results;
    expect(marked(first!.title)).toEqual(['meeting']);
    // Transcripts read as written (ADR 0033).
    expect(first!.snippet?.text).toBe('Agenda for the planning session.');
    expect(first!.snippet?.highlights).toEqual([]);
    expect(first!.time).toBeNull();
    expect(marked(second!.snippet)).toEqual(['meetings', 'meeting']);
    expect(second!.score).toBeLessThan(first!.score);
    expect(second!.voice_note).toMatchObject({ pad_id: pad.id, pad_name: 'Notes', status: 'done' });
  });

  it('matches the word being typed as a prefix, so results follow typing', async () => {
    const { client, pad } = await userWithPad();
    await note(client, pad.id, 'Standup', 'the organization of the quarterly planning');
    await note(client, pad.id, 'Other', 'organic vegetables');
    // Every step of typing "organization" keeps finding it, even past its stem "organ".
    for (const typed of ['or', 'org', 'orga', 'organ', 'organi', 'organiz', 'organizati', 'organization']) {
      const found = titles((await searchNotes(client, typed)).body);
      expect(found, typed).toContain('Standup');
    }
    expect(titles((await searchNotes(client, 'organiz')).body)).toEqual(['Standup']);
    const hit = (await searchNotes(client, 'quarterly plan')).body.results[0]!;
    expect(marked(hit.snippet)).toEqual(['quarterly', 'planning']);
    // One letter is too little to be worth a prefix search.
    expect(titles((await searchNotes(client, 'o')).body)).toEqual([]);
  });

  it('needs every word, and keeps quoted words together as a phrase', async () => {
    const { client, pad } = await userWithPad();
    await note(client, pad.id, 'A', 'the kitchen sink is leaking');
    await note(client, pad.id, 'B', 'the sink in the kitchen is fine');
    await note(client, pad.id, 'C', 'the kitchen is clean');
    expect(titles((await searchNotes(client, 'kitchen sink ')).body).sort()).toEqual(['A', 'B']);
    expect(titles((await searchNotes(client, '"kitchen sink"')).body)).toEqual(['A']);
    expect(titles((await searchNotes(client, '"sink kitchen"')).body)).toEqual([]);
  });

  it('tells where in the audio the first matched word is spoken', async () => {
    const { client, pad } = await userWithPad();
    // Word n starts at 10 + n × 0.5 s.
    await note(client, pad.id, 'Call', 'please remember to call the plumber tomorrow and call mum', {
      start: 10,
      secondsPerWord: 0.5,
    });
    const plumber = (await searchNotes(client, 'plumber ')).body.results[0]!;
    expect(plumber.time).toBe(12.5);
    const call = (await searchNotes(client, 'calling ')).body.results[0]!;
    expect(call.time).toBe(11.5);
    expect(marked(call.snippet)).toEqual(['call', 'call']);
    const prefix = (await searchNotes(client, 'tomo')).body.results[0]!;
    expect(prefix.time).toBe(13);
    // Two words: the earlier of them.
    expect((await searchNotes(client, 'mum plumber ')).body.results[0]!.time).toBe(12.5);
    // Title and transcript both match: the time still comes from the transcript.
    expect((await searchNotes(client, 'Call ')).body.results[0]!.time).toBe(11.5);
  });

  it('times words typed into a transcript between the spoken words around them', async () => {
    const { client, pad } = await userWithPad();
    // buy 2–2.4 s, some 2.5–2.9 s, apples 3–3.4 s; the recording ends at 3.5 s.
    const n = await note(client, pad.id, 'Dictation', 'buy some apples', { start: 2 });
    const edited = await client.request<VoiceNote>('PATCH', `/api/v1/pad/${pad.id}/voicenote/${n.id}/`, {
      json: { transcript: 'buy some apples and pears' },
    });
    expect(edited.status).toBe(200);
    const pears = (await searchNotes(client, 'pears ')).body.results[0]!;
    expect(marked(pears.snippet)).toEqual(['pears']);
    expect(pears.time).toBeGreaterThanOrEqual(3.4);
    expect(pears.time).toBeLessThanOrEqual(3.5);
    expect((await searchNotes(client, 'apples ')).body.results[0]!.time).toBe(3);
  });

  it('finds notes not yet transcribed by their title', async () => {
    const { client, pad } = await userWithPad();
    await note(client, pad.id, 'Voicemail from the bank');
    const res = (await searchNotes(client, 'bank')).body;
    expect(titles(res)).toEqual(['Voicemail from the bank']);
    expect(res.results[0]).toMatchObject({ snippet: null, time: null, voice_note: { status: 'pending' } });
  });

  it('returns titles and transcripts as plain text with ranges, never as markup', async () => {
    const { client, pad } = await userWithPad();
    const n = await note(client, pad.id, 'Markup', 'a plan with tags and stuff');
    // Markup can only be typed: an engine's words are letters.
    const typed = await client.request('PATCH', `/api/v1/pad/${pad.id}/voicenote/${n.id}/`, {
      json: { transcript: 'a plan with <i>tags</i> & stuff' },
    });
    expect(typed.status, typed.text).toBe(200);
    await client.request('PATCH', `/api/v1/pad/${pad.id}/voicenote/${n.id}/`, {
      json: { title: '<b>bold</b> & plan <img src=x onerror=alert(1)>' },
    });
    const hit = (await searchNotes(client, 'plan ')).body.results[0]!;
    expect(hit.title.text).toBe('<b>bold</b> & plan <img src=x onerror=alert(1)>');
    expect(marked(hit.title)).toEqual(['plan']);
    expect(hit.snippet!.text).toBe('a plan with <i>tags</i> & stuff');
  });

  it('cuts a long transcript to an excerpt around the first match', async () => {
    const { client, pad } = await userWithPad();
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    await note(client, pad.id, 'Long', `${filler(80)} the treasure is buried here ${filler(80)}`);
    const snippet = (await searchNotes(client, 'treasure')).body.results[0]!.snippet!;
    expect(snippet.text.length).toBeLessThanOrEqual(202);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text).toMatch(/^…word\d+ /); // starts on a whole word
    expect(marked(snippet)).toEqual(['treasure']);
  });

  it('pages through results with next and previous cursors', async () => {
    const { client, pad } = await userWithPad();
    for (let i = 0; i < 5; i++) await note(client, pad.id, `Report ${i}`, 'quarterly report');
    const all = titles((await searchNotes(client, 'report ')).body);
    expect(all).toHaveLength(5);
    const first = (await searchNotes(client, 'report ', '&limit=2')).body;
    expect(first.previous).toBeNull();
    const second = (await searchNotes(client, 'report ', `&limit=2&cursor=${first.next}`)).body;
    const third = (await searchNotes(client, 'report ', `&limit=2&cursor=${second.next}`)).body;
    expect(third.next).toBeNull();
    expect([...titles(first), ...titles(second), ...titles(third)]).toEqual(all);
    const back = (await searchNotes(client, 'report ', `&limit=2&cursor=${third.previous}`)).body;
    expect(titles(back)).toEqual(titles(second));
  });

  it('finds notes filed later with older dates by a date filter (an import), and only the owner’s', async () => {
    const { client, pad } = await userWithPad('Harbour');
    const first = await note(client, pad.id, 'First', 'harbour lights at night');
    await note(client, pad.id, 'Second', 'harbour wall repairs');
    const imported = await note(client, pad.id, 'Imported', 'harbour ferry times');
    // Filed in this order (FTS row numbers rising); the last filed is dated the earliest.
    const at = (iso: string) => new Date(iso).getTime();
    for (const [n, date] of [
      [first, '2024-03-01T10:00:00Z'],
      [imported, '2024-01-10T10:00:00Z'],
    ] as const) {
      await server.db
        .updateTable('voice_notes')
        .set({ created_at: at(date) })
        .where('id', '=', n.id)
        .execute();
    }
    const other = await userWithPad('Other harbour');
    await note(other.client, other.pad.id, 'Not yours', 'harbour ferry times');
    const found = async (q: string, filters: string) => {
      const res = await searchNotes(client, q, `&${filters}`);
      expect(res.status, res.text).toBe(200);
      return titles(res.body).sort();
    };
    expect(await found('harbour ', 'from=2024-01-01&to=2024-02-01')).toEqual(['Imported']);
    expect(await found('harbour ', 'from=2024-01-01&to=2024-12-31')).toEqual(['First', 'Imported']);
    expect(await found('harb', 'to=2024-02-28')).toEqual(['Imported']);
    expect(await found('harbour ferry', 'to=2024-02-28')).toEqual(['Imported']);
    expect(await found('harbour ', 'from=2024-02-01')).toEqual(['First', 'Second']);
    expect(await found('harbour ', 'from=2023-01-01&to=2023-12-31')).toEqual([]);
    expect(await found('harbour ', `pad=${pad.id}&from=2024-01-01&to=2024-12-31`)).toEqual([
      'First',
      'Imported',
    ]);
    expect(await found('ferry ', `pad=${pad.id}`)).toEqual(['Imported']);
    expect(await found('ferry ', `pad=${other.pad.id}`)).toEqual([]);
    expect(await found('ferry ', 'status=done')).toEqual(['Imported']);
  });

  it('answers the same filtered searches with migration 0033 undone and redone', async () => {
    const { client, pad } = await userWithPad('Quay');
    await note(client, pad.id, 'Old quay', 'quay steps worn');
    const recent = await note(client, pad.id, 'New quay', 'quay steps mended');
    const filtered = async () =>
      titles(
        (await searchNotes(client, 'quay st', `&pad=${pad.id}&status=done&from=2020-01-01`)).body,
      ).sort();
    expect(await filtered()).toEqual(['New quay', 'Old quay']);
    // Migrations take the untyped database, as the migrator hands it to them.
    const untyped = server.db as unknown as Kysely<unknown>;
    await migration0033.down(untyped);
    expect(await filtered()).toEqual(['New quay', 'Old quay']);
    await migration0033.up(untyped);
    expect(await filtered()).toEqual(['New quay', 'Old quay']);
    if (server.config.database.kind === 'sqlite') {
      const columns = await sql<{ name: string }>`
        SELECT name FROM pragma_index_info('voice_notes_owner_created_idx') ORDER BY seqno`.execute(
        server.db,
      );
      expect(columns.rows.map((c) => c.name)).toEqual(['owner_id', 'created_at', 'search_rowid']);
    }
    // Later writes are found through the rebuilt indexes.
    await client.request('PATCH', `/api/v1/pad/${pad.id}/voicenote/${recent.id}/`, {
      json: { title: 'Quay repaired' },
    });
    expect(await filtered()).toEqual(['Old quay', 'Quay repaired']);
  });

  it("never shows another user's notes, and follows deletes and moves", async () => {
    const alice = await userWithPad('Alice pad');
    const bob = await userWithPad('Bob pad');
    const secret = await note(alice.client, alice.pad.id, 'Secret', 'the password is swordfish');
    await note(bob.client, bob.pad.id, 'Mine', 'nothing about fish');
    expect(titles((await searchNotes(bob.client, 'swordfish')).body)).toEqual([]);
    expect(titles((await searchNotes(bob.client, 'secret')).body)).toEqual([]);
    expect(titles((await searchNotes(bob.client, 'password')).body)).toEqual([]);
    expect(titles((await searchNotes(alice.client, 'swordfish')).body)).toEqual(['Secret']);

    const other = (await alice.client.post<Pad>('/api/v1/pad/', { name: 'Archive' })).body;
    await alice.client.request('PATCH', `/api/v1/pad/${alice.pad.id}/voicenote/${secret.id}/`, {
      json: { pad_id: other.id },
    });
    const moved = (await searchNotes(alice.client, 'swordfish')).body.results[0]!;
    expect(moved.voice_note).toMatchObject({ pad_id: other.id, pad_name: 'Archive' });

    await alice.client.delete(`/api/v1/pad/${other.id}/voicenote/${secret.id}/`);
    expect(titles((await searchNotes(alice.client, 'swordfish')).body)).toEqual([]);
  });
});

describe('search: pads', () => {
  it('finds pads by name and description, with highlights and counts', async () => {
    const { client, pad } = await userWithPad('Recipes', 'Family recipes and cooking ideas from grandma');
    await client.post('/api/v1/pad/', { name: 'Cooking class', description: 'Tuesday evenings' });
    await client.post('/api/v1/pad/', { name: 'Work', description: 'Meetings' });
    await note(client, pad.id, 'Soup', 'lentil soup');

    const res = await searchPads(client, 'cook ');
    expect(res.status).toBe(200);
    expect(res.body.results.map((h) => h.pad.name)).toEqual(['Cooking class', 'Recipes']);
    const [byName, byDescription] = res.body.results;
    expect(marked(byName!.name)).toEqual(['Cooking']);
    expect(byName!.snippet).toEqual({ text: 'Tuesday evenings', highlights: [] });
    expect(marked(byDescription!.snippet)).toEqual(['cooking']);
    expect(byDescription!.pad).toMatchObject({ id: pad.id, voice_note_count: 1, color: 'slate', icon: null });

    const typed = await searchPads(client, 'gran');
    expect(typed.body.results.map((h) => h.pad.name)).toEqual(['Recipes']);
    expect(marked(typed.body.results[0]!.snippet)).toEqual(['grandma']);
    const empty = (await searchPads(client, 'work')).body.results[0]!;
    expect(empty.snippet).toEqual({ text: 'Meetings', highlights: [] });
  });

  it("never shows another user's pads and follows renames and deletes", async () => {
    const alice = await userWithPad('Holiday plans', 'Lisbon in May');
    const bob = await userWithPad('Bob');
    expect((await searchPads(bob.client, 'lisbon')).body.results).toEqual([]);
    expect((await searchPads(bob.client, 'holiday')).body.results).toEqual([]);
    expect((await searchPads(alice.client, 'lisbon')).body.results).toHaveLength(1);

    await alice.client.put(`/api/v1/pad/${alice.pad.id}/`, {
      id: alice.pad.id,
      name: 'Trips',
      description: 'Porto',
    });
    expect((await searchPads(alice.client, 'lisbon')).body.results).toEqual([]);
    expect((await searchPads(alice.client, 'porto')).body.results).toHaveLength(1);
    await alice.client.delete(`/api/v1/pad/${alice.pad.id}/`);
    expect((await searchPads(alice.client, 'porto')).body.results).toEqual([]);
  });
});
