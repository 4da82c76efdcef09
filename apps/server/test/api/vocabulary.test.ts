/**
 * A person's vocabulary through the API (ADR 0036): validation of each field, duplicates, the
 * per-account limit, owner and pad scoping, proposals from a really corrected transcript, and
 * what the decoder is given. The stock dictionary and espeak-ng are the real ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { VocabularyEntry, VocabularyList, VocabularyProposalList } from '@voxpad/shared/vocabulary';
import { vocabularyFor } from '../../src/vocabulary/decoder-vocabulary.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

const LIMIT = 3;
const WORDS = '/api/v1/vocabulary/';
const wordUrl = (id: string) => `${WORDS}${id}/`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ VOCABULARY_MAX_WORDS: String(LIMIT) });
});
afterAll(() => app.close());

async function person() {
  const { client, username } = await signedUpClient(app.baseUrl);
  const user = await app.db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return { client, userId: user.id };
}

const add = (client: TestClient, json: unknown) =>
  client.post<VocabularyEntry & ApiErrorResponse>(WORDS, json);
const list = async (client: TestClient) => (await client.get<VocabularyList>(WORDS)).body;
const newPad = async (client: TestClient, name = 'Bees') =>
  (await client.post<Pad>('/api/v1/pad/', { name: `${name} ${Math.random()}` })).body;

describe('adding words', () => {
  it('adds a word the dictionary lacks with generated phones, and lists it', async () => {
    const { client } = await person();
    const res = await add(client, { word: '  Varroa ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      word: 'Varroa',
      pronunciations: ['V AE R OW AH'],
      source: 'generated',
      sounds_like: null,
      pad_id: null,
    });
    expect(Date.parse(res.body.created_at)).not.toBeNaN();
    const listed = await list(client);
    expect(listed).toEqual({ words: [res.body], limit: LIMIT });
  });

  it('says where each pronunciation came from', async () => {
    const { client } = await person();
    expect((await add(client, { word: 'Siobhan' })).body).toMatchObject({
      source: 'dictionary',
      pronunciations: ['SH AW B AA N'],
    });
    expect((await add(client, { word: 'Nguyen', sounds_like: 'win' })).body).toMatchObject({
      source: 'sounds_like',
      sounds_like: 'win',
      pronunciations: ['W IH N'],
    });
    expect(
      (await add(client, { word: 'langstroth', pronunciation: 'l ae1 ng s t r ao th' })).body,
    ).toMatchObject({
      source: 'user',
      pronunciations: ['L AE NG S T R AO TH'],
    });
  });

  it.each([
    [{}, 'word', 'required', 'Type the word or phrase to add.'],
    [{ word: '   ' }, 'word', 'invalid', 'Type the word or phrase to add.'],
    [{ word: 'x'.repeat(61) }, 'word', 'too_long', 'at most 60 characters'],
    [{ word: '1234' }, 'word', 'invalid', 'at least one letter'],
    [{ word: 'bee<script>' }, 'word', 'invalid', 'letters, digits, apostrophes'],
    [{ word: 'one two three four five six' }, 'word', 'invalid', 'at most 5 words'],
    // parseInput reports a wrong type as `required`, as on every product route.
    [{ word: 42 }, 'word', 'required', 'Type the word or phrase to add.'],
    [{ word: 'kin', pronunciation: 'K IX N' }, 'pronunciation', 'invalid', '"IX" is not a sound'],
    [{ word: 'kin', pronunciation: '  ' }, 'pronunciation', 'invalid', 'at least one phone'],
    [{ word: 'kin', sounds_like: 'kïn' }, 'sounds_like', 'invalid', 'English letters only'],
    [{ word: 'kin', pad_id: 7 }, 'pad_id', 'required', 'Choose a pad'],
    [
      { word: 'kin', colour: 'red' },
      '',
      'invalid',
      'The fields are: word, sounds_like, pronunciation, pad_id.',
    ],
  ])('refuses %j with a clear error on %s', async (json, param, code, message) => {
    const { client } = await person();
    const res = await add(client, json);
    expect(res.status, res.text).toBe(400);
    expect(res.body.status).toBe(400);
    const error = res.body.errors[0]!;
    expect(error.code).toBe(code);
    if (param) expect(error.param).toBe(param);
    expect(error.message).toContain(message);
    expect((await list(client)).words).toEqual([]);
  });

  it('refuses the same word twice (any case), but allows it once more for one pad', async () => {
    const { client } = await person();
    expect((await add(client, { word: 'Varroa' })).status).toBe(201);
    const again = await add(client, { word: 'VARROA ' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'duplicate_word', param: 'word' });
    expect(again.body.errors[0]!.message).toBe('"VARROA" is in your words already. Edit that one instead.');
    const pad = await newPad(client);
    const forPad = await add(client, { word: 'varroa', sounds_like: 'var oh ah', pad_id: pad.id });
    expect(forPad.status, forPad.text).toBe(201);
    const twiceForPad = await add(client, { word: 'Varroa', pad_id: pad.id });
    expect(twiceForPad.status).toBe(409);
    expect(twiceForPad.body.errors[0]!.message).toContain('for this pad already');
  });

  it('refuses a pad that is not the owner’s, naming pad_id', async () => {
    const alice = await person();
    const bob = await person();
    const alicePad = await newPad(alice.client);
    for (const padId of [alicePad.id, 'no-such-pad']) {
      const res = await add(bob.client, { word: 'varroa', pad_id: padId });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'invalid', param: 'pad_id' });
      expect(res.body.errors[0]!.message).toContain('This pad was not found.');
    }
  });

  it('keeps at most VOCABULARY_MAX_WORDS words per account, even when added at once', async () => {
    const { client } = await person();
    const results = await Promise.all(
      ['apis', 'mellifera', 'ligustica', 'carnica', 'buckfast'].map((word) => add(client, { word })),
    );
    expect(results.filter((r) => r.status === 201).length).toBeLessThanOrEqual(LIMIT);
    const refused = results.filter((r) => r.status === 409);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused[0]!.body.errors[0]).toMatchObject({ code: 'vocabulary_limit_reached' });
    expect(refused[0]!.body.errors[0]!.message).toContain(`You already have ${LIMIT} words`);
    while ((await list(client)).words.length < LIMIT) {
      expect(
        (await add(client, { word: `word${'x'.repeat((await list(client)).words.length)}` })).status,
      ).toBe(201);
    }
    expect((await add(client, { word: 'onemore' })).status).toBe(409);
    // Another person's words do not count against this one.
    expect((await add((await person()).client, { word: 'onemore' })).status).toBe(201);
  });
});

describe('changing and removing words', () => {
  it('edits the pronunciation, the spelling and the pad, and removes a word', async () => {
    const { client } = await person();
    const { body: entry } = await add(client, { word: 'varroa' });
    const typed = await client.request<VocabularyEntry>('PATCH', wordUrl(entry.id), {
      json: { pronunciation: 'V AA R OW AH' },
    });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body).toMatchObject({ source: 'user', pronunciations: ['V AA R OW AH'] });
    // A new capital keeps the typed phones; a new word makes them again.
    const capital = await client.request<VocabularyEntry>('PATCH', wordUrl(entry.id), {
      json: { word: 'Varroa' },
    });
    expect(capital.body).toMatchObject({ word: 'Varroa', source: 'user' });
    const renamed = await client.request<VocabularyEntry>('PATCH', wordUrl(entry.id), {
      json: { word: 'Varroa mite' },
    });
    expect(renamed.body).toMatchObject({
      word: 'Varroa mite',
      source: 'generated',
      pronunciations: ['V AE R OW AH M AY T'],
    });
    const spelt = await client.request<VocabularyEntry>('PATCH', wordUrl(entry.id), {
      json: { sounds_like: 'var oh ah might' },
    });
    expect(spelt.body).toMatchObject({ source: 'sounds_like', sounds_like: 'var oh ah might' });
    const unspelt = await client.request<VocabularyEntry>('PATCH', wordUrl(entry.id), {
      json: { sounds_like: '' },
    });
    expect(unspelt.body).toMatchObject({ source: 'generated', sounds_like: null });

    const pad = await newPad(client);
    const moved = await client.request<VocabularyEntry>('PATCH', wordUrl(entry.id), {
      json: { pad_id: pad.id },
    });
    expect(moved.body.pad_id).toBe(pad.id);
    const bad = await client.request<ApiErrorResponse>('PATCH', wordUrl(entry.id), {
      json: { pronunciation: 'V QQ' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ param: 'pronunciation' });
    expect(bad.body.errors[0]!.message).toContain('"QQ"');

    expect((await client.delete(wordUrl(entry.id))).status).toBe(204);
    expect((await list(client)).words).toEqual([]);
    expect((await client.delete(wordUrl(entry.id))).status).toBe(404);
  });

  it('refuses a change that would make a duplicate', async () => {
    const { client } = await person();
    await add(client, { word: 'varroa' });
    const { body: other } = await add(client, { word: 'nucs' });
    const res = await client.request<ApiErrorResponse>('PATCH', wordUrl(other.id), {
      json: { word: 'Varroa' },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'duplicate_word' });
  });

  it("is owner-scoped: another person's word is not listed, changed or removed", async () => {
    const alice = await person();
    const bob = await person();
    const { body: entry } = await add(alice.client, { word: 'varroa' });
    expect((await list(bob.client)).words).toEqual([]);
    const patched = await bob.client.request<ApiErrorResponse>('PATCH', wordUrl(entry.id), {
      json: { word: 'mine' },
    });
    expect(patched.status).toBe(404);
    expect(patched.body).toMatchObject({
      status: 404,
      errors: [{ code: 'not_found', message: 'This word was not found.' }],
    });
    expect((await bob.client.delete(wordUrl(entry.id))).status).toBe(404);
    expect((await list(alice.client)).words.map((w) => w.word)).toEqual(['varroa']);
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = new TestClient(app.baseUrl);
    await anonymous.prime();
    expect((await anonymous.get(WORDS)).status).toBe(401);
    expect((await add(anonymous, { word: 'varroa' })).status).toBe(401);
    const { client } = await person();
    client.sendCsrf = false;
    const res = await add(client, { word: 'varroa' });
    expect(res.status).toBe(403);
    client.sendCsrf = true;
    expect((await list(client)).words).toEqual([]);
  });
});

describe('words proposed from corrections', () => {
  async function correctedNote(client: TestClient, heard: string, typed: string) {
    const pad = await newPad(client, 'Garden');
    const note = (
      await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
        body: toneWav(0.3),
        headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="n.wav"' },
      })
    ).body;
    await completeTranscription(app.db, note.id, heard);
    const edit = await client.request('PATCH', `/api/v1/pad/${pad.id}/voicenote/${note.id}/`, {
      json: { transcript: typed },
    });
    expect(edit.status, edit.text).toBe(200);
    return pad;
  }

  it('proposes typed words the dictionary lacks, counted, until added or dismissed', async () => {
    const { client } = await person();
    await correctedNote(
      client,
      'the bar oh a mites are back in the hive',
      'The Varroa mites are back in the Langstroth hive. Varroa again.',
    );
    await correctedNote(client, 'checked the nooks today', 'Checked the nucs today, varroa low.');
    const proposals = (await client.get<VocabularyProposalList>('/api/v1/vocabulary/proposals/')).body
      .proposals;
    expect(proposals).toEqual([
      { word: 'Varroa', count: 3, notes: 2 },
      { word: 'Langstroth', count: 1, notes: 1 },
      { word: 'nucs', count: 1, notes: 1 },
    ]);
    // Another person sees none of them.
    expect(
      (await (await person()).client.get<VocabularyProposalList>('/api/v1/vocabulary/proposals/')).body,
    ).toEqual({
      proposals: [],
    });

    expect((await add(client, { word: 'Varroa' })).status).toBe(201);
    const dismissed = await client.post('/api/v1/vocabulary/proposals/dismiss/', { word: 'NUCS' });
    expect(dismissed.status, dismissed.text).toBe(204);
    expect((await client.post('/api/v1/vocabulary/proposals/dismiss/', { word: 'nucs' })).status).toBe(204);
    const bad = await client.post<ApiErrorResponse>('/api/v1/vocabulary/proposals/dismiss/', { word: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ param: 'word' });
    expect(
      (await client.get<VocabularyProposalList>('/api/v1/vocabulary/proposals/')).body.proposals,
    ).toEqual([{ word: 'Langstroth', count: 1, notes: 1 }]);
  });
});

describe('what the decoder is given, and what goes with the account', () => {
  it("gives a pad's words over the same words for every pad, as lower-case dictionary words", async () => {
    const { client, userId } = await person();
    const pad = await newPad(client);
    await add(client, { word: 'Varroa' });
    await add(client, { word: 'varroa', pronunciation: 'V AA R OW AH', pad_id: pad.id });
    await add(client, { word: 'São Paulo', sounds_like: 'sow pow low' });
    const everywhere = await vocabularyFor(app.db, userId);
    expect(everywhere).toContainEqual({
      word: 'varroa',
      phones: ['V', 'AE', 'R', 'OW', 'AH'],
      written: 'Varroa',
    });
    expect(everywhere.find((w) => w.written === 'São Paulo')?.word).toBe('são_paulo');
    expect(everywhere).toHaveLength(2);
    const inPad = await vocabularyFor(app.db, userId, pad.id);
    expect(inPad.filter((w) => w.word === 'varroa')).toEqual([
      { word: 'varroa', phones: ['V', 'AA', 'R', 'OW', 'AH'], written: 'varroa' },
    ]);
  });

  it("removes a pad's words with the pad, and every word with the account", async () => {
    const { client, userId } = await person();
    const pad = await newPad(client);
    await add(client, { word: 'varroa', pad_id: pad.id });
    await add(client, { word: 'nucs' });
    await client.post('/api/v1/vocabulary/proposals/dismiss/', { word: 'skep' });
    expect((await client.delete(`/api/v1/pad/${pad.id}/`)).status).toBe(204);
    expect((await list(client)).words.map((w) => w.word)).toEqual(['nucs']);

    await app.db.deleteFrom('users').where('id', '=', userId).execute();
    const left = async (table: 'vocabulary_words' | 'vocabulary_dismissals') =>
      (await app.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
    expect(await left('vocabulary_words')).toBe(0);
    expect(await left('vocabulary_dismissals')).toBe(0);
  });
});

describe('a server without the speech model', () => {
  it('takes typed phones, and says in words why it cannot make a pronunciation', async () => {
    const bare = await startTestApp({ POCKETSPHINX_MODEL_DIR: '/nonexistent/model' });
    try {
      const { client } = await signedUpClient(bare.baseUrl);
      const typed = await add(client, { word: 'varroa', pronunciation: 'V AE R OW AH' });
      expect(typed.status, typed.text).toBe(201);
      const made = await add(client, { word: 'nucs' });
      expect(made.status).toBe(503);
      expect(made.body.errors[0]).toMatchObject({ code: 'dictionary_unavailable' });
      expect(made.body.errors[0]!.message).toContain('Type the word’s phones instead');
      expect((await client.get('/api/v1/vocabulary/proposals/')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
