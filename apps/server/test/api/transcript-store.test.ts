/**
 * The transcript store (src/transcripts/transcript-store.ts), driven directly on a real
 * database: what an edit keeps, what a re-transcription and a restore keep, what an engine's
 * result resets, and the word count and title that follow every new transcript. Notes are
 * made through the API and finished through the real queue, as a worker would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import {
  keepTypedText,
  restoreVersion,
  storeEngineTranscript,
  storeTypedTranscript,
} from '../../src/transcripts/transcript-store.ts';
import type { NoteRef } from '../../src/transcripts/transcript-versions.ts';
import { liveTranscript } from '../../src/live/live-filing.ts';
import { LiveFinals, readableTranscript } from '../../src/transcripts/readable-transcript.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';

let server: TestApp;
let client: TestClient;
let pad: Pad;
beforeAll(async () => {
  server = await startTestApp();
  ({ client } = await signedUpClient(server.baseUrl));
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Store' })).body;
});
afterAll(async () => {
  await server.close();
});

const ENGINE = { engine: 'whisper', model: 'ggml-base.en.bin' };

async function upload(fileName = 'recording.wav'): Promise<NoteRef> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: toneWav(0.2),
    headers: { 'content-type': 'audio/wav', 'content-disposition': `attachment; filename="${fileName}"` },
  });
  expect(res.status, res.text).toBe(201);
  const { owner_id } = await server.db
    .selectFrom('voice_notes')
    .select('owner_id')
    .where('id', '=', res.body.id)
    .executeTakeFirstOrThrow();
  return { id: res.body.id, ownerId: owner_id };
}

const row = (note: NoteRef) =>
  server.db
    .selectFrom('voice_notes')
    .select(['transcript', 'segments', 'word_count', 'transcript_edited', 'title', 'title_source', 'status'])
    .where('id', '=', note.id)
    .executeTakeFirstOrThrow();

const versions = (note: NoteRef) =>
  server.db
    .selectFrom('transcript_versions')
    .select(['text', 'source', 'engine', 'model'])
    .where('voice_note_id', '=', note.id)
    .orderBy('id', 'asc')
    .execute();

/** A transcribed note and what the store needs to take a typed edit of it. */
async function transcribed(text: string) {
  const note = await upload();
  await completeTranscription(server.db, note.id, text, { secondsPerWord: 1 });
  const typedOn = async () => ({ ...note, segments: (await row(note)).segments, durationSeconds: null });
  return { note, typedOn };
}

const typed = (on: Parameters<typeof storeTypedTranscript>[1], text: string) =>
  server.db.transaction().execute((trx) => storeTypedTranscript(trx, on, text));

describe('what an edit keeps', () => {
  it('stores the typed words with the times they were said at, counted, marked edited and kept as a version', async () => {
    const { note, typedOn } = await transcribed('call the garage about the brakes');
    expect(await typed(await typedOn(), 'Call the garage about the tyres.')).toBe(true);

    const after = await row(note);
    expect(after).toMatchObject({
      transcript: 'Call the garage about the tyres.',
      word_count: 6,
      transcript_edited: 1,
      title: 'Call the garage about the tyres',
      title_source: 'transcript',
    });
    const words = (
      JSON.parse(after.segments!) as { words: { word: string; text: string; start: number }[] }[]
    ).flatMap((s) => s.words);
    // Unchanged words keep their times exactly (one word a second); the corrected one follows them.
    // Each reads as typed and keeps its spoken form (ADR 0033).
    expect(words.map((w) => w.text)).toEqual(['Call', 'the', 'garage', 'about', 'the', 'tyres.']);
    expect(words.map((w) => w.word)).toEqual(['call', 'the', 'garage', 'about', 'the', 'tyres']);
    expect(words.slice(0, 5).map((w) => w.start)).toEqual([0, 1, 2, 3, 4]);
    expect(words[5]!.start).toBeGreaterThan(4);
    expect(await versions(note)).toEqual([
      { text: 'Call the garage about the brakes.', source: 'engine', engine: 'pocketsphinx', model: 'en-us' },
      { text: 'Call the garage about the tyres.', source: 'manual', engine: null, model: null },
    ]);

    // The same text again adds no second version.
    expect(await typed(await typedOn(), 'Call the garage about the tyres.')).toBe(true);
    expect(await versions(note)).toHaveLength(2);
  });

  it('never writes over a transcript that is being made, and leaves a title a person gave', async () => {
    const waiting = await upload();
    expect(await typed({ ...waiting, segments: null, durationSeconds: null }, 'too early')).toBe(false);
    expect(await row(waiting)).toMatchObject({ transcript: null, word_count: 0, transcript_edited: 0 });
    expect(await versions(waiting)).toEqual([]);

    const { note, typedOn } = await transcribed('the budget review is on friday');
    await client.request('PATCH', `/api/v1/pad/${pad.id}/voicenote/${note.id}/`, {
      json: { title: 'Budget' },
    });
    await typed(await typedOn(), 'The budget review is on Thursday.');
    expect(await row(note)).toMatchObject({ title: 'Budget', title_source: 'user' });
  });
});

describe('what a re-transcription and a restore keep', () => {
  it('keeps typed text as a version before an engine replaces it, once, and only when it was typed', async () => {
    const { note, typedOn } = await transcribed('buy oat milk');
    const keep = () => server.db.transaction().execute((trx) => keepTypedText(trx, note));
    await keep();
    expect(await versions(note)).toHaveLength(1);

    await typed(await typedOn(), 'Buy oat milk and eggs.');
    await keep();
    expect((await versions(note)).map((v) => v.source)).toEqual(['engine', 'manual']);

    // Text changed without the flag (before edits were marked) is still the person's.
    await server.db
      .updateTable('voice_notes')
      .set({ transcript: 'Buy oat milk, eggs and bread.', transcript_edited: 0 })
      .where('id', '=', note.id)
      .execute();
    await keep();
    expect((await versions(note)).at(-1)).toMatchObject({
      text: 'Buy oat milk, eggs and bread.',
      source: 'manual',
    });
  });

  it('restores a version with its edited flag, keeping typed text it replaces', async () => {
    const { note, typedOn } = await transcribed('meet anna at noon');
    const [engine] = await server.db
      .selectFrom('transcript_versions')
      .selectAll()
      .where('voice_note_id', '=', note.id)
      .execute();
    await typed(await typedOn(), 'Meet Anna at noon on Monday.');
    const restore = (version: typeof engine) =>
      server.db.transaction().execute((trx) => restoreVersion(trx, note, version!));

    expect(await restore(engine)).toBe(true);
    expect(await row(note)).toMatchObject({
      transcript: 'Meet Anna at noon.',
      transcript_edited: 0,
      word_count: 4,
      title: 'Meet Anna at noon',
    });
    // The typed text was a version already: nothing is added.
    expect((await versions(note)).map((v) => v.source)).toEqual(['engine', 'manual']);

    const manual = await server.db
      .selectFrom('transcript_versions')
      .selectAll()
      .where('voice_note_id', '=', note.id)
      .where('source', '=', 'manual')
      .executeTakeFirstOrThrow();
    expect(await restore(manual)).toBe(true);
    expect(await row(note)).toMatchObject({
      transcript: 'Meet Anna at noon on Monday.',
      transcript_edited: 1,
    });
  });
});

describe("an engine's result", () => {
  it('is never edited, is kept as a version naming its engine, and renames a note it named', async () => {
    const { note, typedOn } = await transcribed('first words');
    await typed(await typedOn(), 'First words, typed.');
    expect(await row(note)).toMatchObject({ transcript_edited: 1, title: 'First words, typed' });

    const segments = [{ start: 0, end: 2, text: 'the standup moved to ten', words: [] }];
    const stored = await server.db
      .transaction()
      .execute((trx) =>
        storeEngineTranscript(trx, note, { text: 'the standup moved to ten', segments, madeBy: ENGINE }),
      );
    expect(stored).toBe(true);
    expect(await row(note)).toMatchObject({
      transcript: 'the standup moved to ten',
      transcript_edited: 0,
      word_count: 5,
      title: 'The standup moved to ten',
      title_source: 'transcript',
    });
    expect((await versions(note)).at(-1)).toEqual({
      text: 'the standup moved to ten',
      source: 'engine',
      ...ENGINE,
    });
  });
});

describe("a live stream's transcript", () => {
  /** Words said one after another, `gap` seconds apart, from `at`. */
  const said = (text: string, at: number, gap = 0.08) =>
    text
      .split(' ')
      .map((word, i) => ({ word, start: at + i * 0.42, end: at + i * 0.42 + 0.42 - gap, confidence: 0.9 }));

  it('keeps exactly the words the finals showed, even where a final ended mid-sentence', async () => {
    const { note } = await transcribed('a recording being filed');
    // The utterance was cut before the sentence's last word, where the speaker hardly paused
    // (a busy machine's live decoder): the first final ended at "tomorrow".
    const first = said('please remember to buy milk and bread tomorrow', 0);
    const second = said('morning', first.at(-1)!.end + 0.1);
    const finals = new LiveFinals({ format: true, engine: 'pocketsphinx' });
    const shown = [...finals.next(first), ...finals.next(second)];
    const sent = finals.sent();
    expect(sent.words).toEqual(shown);
    expect(sent.text).toBe(shown.map((w) => w.text).join(' '));
    // The same words formatted as a whole read differently at the cut: that is what a
    // filed note must not do to what the person saw.
    const whole = readableTranscript(
      { text: '', segments: [{ start: 0, end: 4, text: '', words: [...first, ...second] }] },
      { format: true, engine: 'pocketsphinx' },
    );
    expect(whole.text).not.toBe(sent.text);

    const madeBy = { engine: 'pocketsphinx', model: 'en-us' };
    const stored = await server.db
      .transaction()
      .execute((trx) => storeEngineTranscript(trx, note, { ...liveTranscript(sent), madeBy }));
    expect(stored).toBe(true);
    const kept = await row(note);
    expect(kept.transcript).toBe(sent.text);
    const segments = JSON.parse(kept.segments ?? '[]') as { text: string; words: { text?: string }[] }[];
    expect(segments.flatMap((s) => s.words.map((w) => w.text))).toEqual(shown.map((w) => w.text));
    expect(segments.map((s) => s.text).join(' ')).toBe(sent.text);
    expect((await versions(note)).at(-1)).toEqual({ text: sent.text, source: 'engine', ...madeBy });
  });
});
