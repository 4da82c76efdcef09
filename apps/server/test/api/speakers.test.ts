/**
 * Speakers in notes (issue 23, ADR 0053) through the API with the real worker (ROLE=all), on
 * both backends: a two-voice recording (flite kal and slt, support/two-voices.ts) uploaded with
 * `?speakers=2` comes back with two speakers and every segment naming one; a rename, a
 * reassignment, a split and a merge each answer the note, make a manual version and reach the
 * exports; a re-transcription keeps the names and reassignments; hints that are not "auto" or
 * 1..8 are refused in words; another user's ids answer 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { TranscriptVersionList } from '@voxpad/shared/transcripts';
import type { TranscriptSegment, VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { notePath, settledNote } from '../support/transcribed-notes.ts';
import { twoVoiceRecording, type TwoVoiceRecording } from '../support/two-voices.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-speakers-'));
let recording: TwoVoiceRecording;
let server: TestApp;
let client: TestClient;
let pad: Pad;

beforeAll(async () => {
  recording = twoVoiceRecording(dir);
  server = await startTestApp({ ROLE: 'all', WORKER_CONCURRENCY: '1' });
  ({ client } = await signedUpClient(server.baseUrl));
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Speakers' })).body;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function upload(query: string, file = recording.file) {
  return client.request<unknown>('POST', `/api/v1/pad/${pad.id}/voicenote/${query}`, {
    body: new Uint8Array(fs.readFileSync(file)),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="talk.wav"' },
  });
}

async function transcribedNote(query: string, file = recording.file): Promise<VoiceNote> {
  const res = await upload(query, file);
  expect(res.status, res.text).toBe(201);
  const done = await settledNote(client, pad.id, (res.body as VoiceNote).id, 120_000);
  expect(done.status, done.failure_reason ?? '').toBe('done');
  return done;
}

const base = (note: VoiceNote) => `${notePath(pad.id, note.id)}`;
const speakerAt = (note: VoiceNote, seconds: number) =>
  note.segments.find((s) => s.start <= seconds + 0.3 && seconds - 0.3 <= s.end)?.speaker;
const turnMiddle = (i: number) => (recording.turns[i]!.start + recording.turns[i]!.end) / 2;
const wordsWithSpeakers = (note: VoiceNote) =>
  note.segments.flatMap((s) => s.words.map((w) => ({ ...w, speaker: s.speaker })));
const names = (note: VoiceNote) => Object.fromEntries((note.speakers ?? []).map((s) => [s.id, s.name]));

describe('a two-voice note', { timeout: 240_000 }, () => {
  let note: VoiceNote;

  it('is told apart with ?speakers=2: two speakers, every segment names one, turns follow the voices', async () => {
    note = await transcribedNote('?speakers=2');
    expect(note.speakers_hint).toBe(2);
    expect(note.speakers).toEqual([
      { id: 'S1', name: 'Speaker 1' },
      { id: 'S2', name: 'Speaker 2' },
    ]);
    expect(note.segments.length).toBeGreaterThan(1);
    for (const segment of note.segments) expect(['S1', 'S2']).toContain(segment.speaker);
    // kal speaks first (S1), then slt, then kal, then slt.
    expect(recording.turns.map((_, i) => speakerAt(note, turnMiddle(i)))).toEqual(['S1', 'S2', 'S1', 'S2']);
    expect(note.speakers_edited).toBe(false);
  });

  it('renames a speaker everywhere in the note, as a manual version, and in every export', async () => {
    const res = await client.request<VoiceNote>('PATCH', `${base(note)}/speakers/S1/`, {
      json: { name: '  Ana ' },
    });
    expect(res.status, res.text).toBe(200);
    expect(names(res.body)).toEqual({ S1: 'Ana', S2: 'Speaker 2' });
    expect(res.body.speakers_edited).toBe(true);
    expect(res.body.transcript).toBe(note.transcript);
    note = res.body;

    const versions = (await client.get<TranscriptVersionList>(`${base(note)}/versions/`)).body.results;
    expect(versions[0]!.source).toBe('manual');
    expect(versions[0]!.speakers).toEqual(note.speakers);
    expect(versions.at(-1)!.source).toBe('engine');
    expect(versions.at(-1)!.speakers.map((s) => s.name)).toEqual(['Speaker 1', 'Speaker 2']);

    const exported = async (format: string) => (await client.get(`${base(note)}/transcript.${format}`)).text;
    expect(await exported('vtt')).toMatch(/-->.*\n<v Ana>\S/);
    expect(await exported('vtt')).toContain('<v Speaker 2>');
    expect(await exported('srt')).toMatch(/-->.*\nAna: \S/);
    expect(await exported('txt')).toMatch(/^Ana: \S[^\n]*\n\nSpeaker 2: \S/);
    expect(await exported('md')).toMatch(/\n\*\*Ana\*\* \[0:00\] \S/);
    const json = JSON.parse(await exported('json')) as { speakers: unknown; segments: TranscriptSegment[] };
    expect(json.speakers).toEqual(note.speakers);
    expect(json.segments.every((s) => s.speaker === 'S1' || s.speaker === 'S2')).toBe(true);
  });

  it('is found by a speaker’s name in search, and a hit says who speaks the match', async () => {
    const search = (query: string) =>
      client.get<Page<VoiceNoteSearchHit>>(`/api/v1/search/voicenote/?q=garden${query}`);
    const all = await search('');
    expect(all.status, all.text).toBe(200);
    const hit = all.body.results.find((h) => h.voice_note.id === note.id)!;
    expect(hit.speaker).toBe('Ana');
    expect((await search('&speaker=ana')).body.results.map((h) => h.voice_note.id)).toContain(note.id);
    expect((await search('&speaker=Speaker%202')).body.results.map((h) => h.voice_note.id)).toContain(
      note.id,
    );
    expect((await search('&speaker=Bo')).body.results).toEqual([]);
    expect((await search('&speaker=A%25')).body.results).toEqual([]);
    const list = await client.get<Page<VoiceNote>>(`/api/v1/pad/${pad.id}/voicenote/?speaker=Ana`);
    expect(list.body.results.map((n) => n.id)).toEqual([note.id]);
  });

  it('refuses an empty or long name and an unknown speaker, in words', async () => {
    const empty = await client.request<ApiErrorResponse>('PATCH', `${base(note)}/speakers/S1/`, {
      json: { name: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ param: 'name', message: 'Give the speaker a name.' });
    const long = await client.request<ApiErrorResponse>('PATCH', `${base(note)}/speakers/S1/`, {
      json: { name: 'x'.repeat(61) },
    });
    expect(long.status).toBe(400);
    const unknown = await client.request<ApiErrorResponse>('PATCH', `${base(note)}/speakers/S9/`, {
      json: { name: 'Bo' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]!.message).toBe('This voice note has no speaker "S9".');
  });

  it('reassigns a segment, then some words (cutting their segment), each a version', async () => {
    const before = (await client.get<TranscriptVersionList>(`${base(note)}/versions/`)).body.results.length;
    const first = note.segments.findIndex((s) => s.speaker === 'S1');
    let res = await client.post<VoiceNote>(`${base(note)}/speakers/reassign/`, {
      speaker: 'S2',
      segment: first,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.segments[first]!.speaker).toBe('S2');
    note = res.body;

    // The last two words of the longest segment go to the other speaker: it is cut in two.
    const longest = note.segments.reduce(
      (best, s, i) => (s.words.length > note.segments[best]!.words.length ? i : best),
      0,
    );
    const segment = note.segments[longest]!;
    const other = segment.speaker === 'S1' ? 'S2' : 'S1';
    const count = segment.words.length;
    res = await client.post<VoiceNote>(`${base(note)}/speakers/reassign/`, {
      speaker: other,
      segment: longest,
      words: { from: count - 2, to: count - 1 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.segments.length).toBe(note.segments.length + 1);
    expect(res.body.segments[longest]!.words.length).toBe(count - 2);
    expect(res.body.segments[longest + 1]!.speaker).toBe(other);
    expect(res.body.segments[longest + 1]!.words.map((w) => w.word)).toEqual(
      segment.words.slice(-2).map((w) => w.word),
    );
    note = res.body;
    const after = (await client.get<TranscriptVersionList>(`${base(note)}/versions/`)).body.results.length;
    expect(after).toBe(before + 2);
  });

  it('splits a new speaker off from a word to the end of that turn, and merges it back', async () => {
    const at = note.segments.findIndex((s, i) => i > 0 && s.speaker === 'S2' && s.words.length >= 2);
    const turnEnd = (() => {
      let last = at;
      while (note.segments[last + 1]?.speaker === 'S2') last++;
      return note.segments[last]!.end;
    })();
    let res = await client.post<VoiceNote>(`${base(note)}/speakers/reassign/`, {
      split_from: { segment: at, word: 1 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.speakers!.map((s) => s.id)).toEqual(['S1', 'S2', 'S3']);
    expect(names(res.body).S3).toBe('Speaker 3');
    const third = res.body.segments.filter((s) => s.speaker === 'S3');
    expect(third[0]!.start).toBe(note.segments[at]!.words[1]!.start);
    expect(third.at(-1)!.end).toBe(turnEnd);
    expect(res.body.segments[at]!.speaker).toBe('S2');

    res = await client.post<VoiceNote>(`${base(note)}/speakers/merge/`, { from: 'S3', into: 'S2' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.speakers!.map((s) => s.id)).toEqual(['S1', 'S2']);
    expect(res.body.segments.some((s) => s.speaker === 'S3')).toBe(false);
    note = res.body;

    const self = await client.post<ApiErrorResponse>(`${base(note)}/speakers/merge/`, {
      from: 'S1',
      into: 'S1',
    });
    expect(self.status).toBe(400);
    expect(self.body.errors[0]!.message).toBe('A speaker cannot be merged into itself.');
    const past = await client.post<ApiErrorResponse>(`${base(note)}/speakers/reassign/`, {
      speaker: 'S1',
      segment: 999,
    });
    expect(past.status).toBe(400);
    expect(past.body.errors[0]!.message).toMatch(
      /^There are \d+ segments here: give a number from 0 to \d+\.$/,
    );
  });

  it('keeps the names and the reassigned words through a re-transcription', async () => {
    // The first turn's first segment was given to S2 by hand above.
    const moved = note.segments.find((s) => s.speaker === 'S2' && s.start < recording.turns[0]!.end)!;
    expect(moved).toBeDefined();
    const res = await client.post(`${base(note)}/transcribe/`, { speakers: 2 });
    expect(res.status, res.text).toBe(202);
    const again = await settledNote(client, pad.id, note.id, 120_000);
    expect(again.status).toBe('done');
    expect(names(again)).toEqual({ S1: 'Ana', S2: 'Speaker 2' });
    expect(again.speakers_edited).toBe(true);
    const middle = (moved.words[0]!.start + moved.words[0]!.end) / 2;
    const word = wordsWithSpeakers(again).find((w) => w.start <= middle && middle <= w.end);
    expect(word?.speaker).toBe('S2');
    // Every word said at the time of a word before has that word's speaker (the engine hears
    // the same words, so nearly all of them).
    const before = wordsWithSpeakers(note);
    const kept = wordsWithSpeakers(again).filter((w) => {
      const mid = (w.start + w.end) / 2;
      return before.find((old) => old.start <= mid && mid <= old.end)?.speaker === w.speaker;
    });
    expect(kept.length / wordsWithSpeakers(again).length).toBeGreaterThan(0.95);
    const versions = (await client.get<TranscriptVersionList>(`${base(note)}/versions/`)).body.results;
    expect(versions[0]!.source).toBe('engine');
    expect(versions[0]!.speakers.map((s) => s.name)).toEqual(['Ana', 'Speaker 2']);
  });

  it('is another user’s 404 for every speaker edit', async () => {
    const { client: other } = await signedUpClient(server.baseUrl);
    const rename = await other.request<ApiErrorResponse>('PATCH', `${base(note)}/speakers/S1/`, {
      json: { name: 'Eve' },
    });
    const reassign = await other.post<ApiErrorResponse>(`${base(note)}/speakers/reassign/`, {
      speaker: 'S1',
      segment: 0,
    });
    const merge = await other.post<ApiErrorResponse>(`${base(note)}/speakers/merge/`, {
      from: 'S2',
      into: 'S1',
    });
    for (const res of [rename, reassign, merge]) {
      expect(res.status).toBe(404);
      expect(res.body.errors[0]!.message).toBe('This voice note was not found.');
    }
    expect(names((await client.get<VoiceNote>(`${base(note)}/`)).body)).toEqual({
      S1: 'Ana',
      S2: 'Speaker 2',
    });
  });
});

describe('the number of speakers', { timeout: 240_000 }, () => {
  it('with 1, tells nobody apart', async () => {
    // One turn of the dialogue is enough to show it, at a quarter of the decoding.
    const note = await transcribedNote('?speakers=1', recording.turnFiles[0]);
    expect(note.speakers_hint).toBe(1);
    expect(note.speakers).toEqual([]);
    expect(note.segments.every((s) => s.speaker === undefined)).toBe(true);
    const res = await client.request<ApiErrorResponse>('PATCH', `${base(note)}/speakers/S1/`, {
      json: { name: 'Ana' },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]!.code).toBe('no_speakers');
  });

  it('refuses hints that are not "auto" or 1 to 8, in words', async () => {
    const message = 'Say how many people speak: "auto", or a whole number from 1 to 8.';
    for (const query of ['?speakers=9', '?speakers=two', '?speakers=0']) {
      const res = await upload(query);
      expect(res.status, query).toBe(400);
      expect((res.body as ApiErrorResponse).errors[0]).toMatchObject({ param: 'speakers', message });
    }
    const { body: notes } = await client.get<{ results: VoiceNote[] }>(`/api/v1/pad/${pad.id}/voicenote/`);
    const done = notes.results.find((n) => n.status === 'done')!;
    for (const speakers of [0, 9, 1.5, 'two']) {
      const res = await client.post<ApiErrorResponse>(`${base(done)}/transcribe/`, { speakers });
      expect(res.status, String(speakers)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ param: 'speakers', message });
    }
  });
});
