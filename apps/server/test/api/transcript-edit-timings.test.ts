/**
 * A corrected transcript keeps its word timings (word-alignment.ts): the note's segments,
 * SRT and WebVTT captions and search times follow the edit, and the version history lists
 * the edit as the current version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { TranscriptSegment, VoiceNote } from '@voxpad/shared/voice-notes';
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

const SPOKEN = 'please remember to buy milk and bread tomorrow morning';
const EDITED = 'Please remember to buy oat milk and bread tomorrow evening.';
/** SPOKEN as the engine's transcript reads (ADR 0033). */
const READ = 'Please remember to buy milk and bread tomorrow morning.';

interface Version {
  id: string;
  source: string;
  text: string;
  segments: TranscriptSegment[];
  current: boolean;
}

async function editedNote() {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Errands' })).body;
  const uploaded = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: toneWav(0.2),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="e.wav"' },
  });
  expect(uploaded.status).toBe(201);
  // Word n is said from 1 + n × 0.5 s to 1.4 + n × 0.5 s; the recording lasts 5.5 s.
  const spoken = await completeTranscription(server.db, uploaded.body.id, SPOKEN, {
    start: 1,
    secondsPerWord: 0.5,
  });
  const url = `/api/v1/pad/${pad.id}/voicenote/${uploaded.body.id}`;
  const res = await client.request<VoiceNote>('PATCH', `${url}/`, { json: { transcript: EDITED } });
  expect(res.status, res.text).toBe(200);
  return { client, url, note: res.body, spoken: spoken.flatMap((s) => s.words) };
}

const words = (segments: TranscriptSegment[]) => segments.flatMap((s) => s.words);
/** The word that reads `text` (its display form). */
const wordNamed = (segments: TranscriptSegment[], text: string) =>
  words(segments).find((w) => (w.text ?? w.word) === text)!;

function cues(text: string, separator: ',' | '.') {
  const time = `(\\d{2}):(\\d{2}):(\\d{2})\\${separator}(\\d{3})`;
  return [...text.matchAll(new RegExp(`${time} --> ${time}\\n(.+)`, 'g'))].map((m) => {
    const n = m.slice(1, 9).map(Number);
    return {
      start: n[0]! * 3600 + n[1]! * 60 + n[2]! + n[3]! / 1000,
      end: n[4]! * 3600 + n[5]! * 60 + n[6]! + n[7]! / 1000,
      text: m[9]!,
    };
  });
}

const search = (client: TestClient, q: string) =>
  client.get<Page<VoiceNoteSearchHit>>(`/api/v1/search/voicenote/?q=${encodeURIComponent(q)}`);

describe('an edited transcript keeps its word timings', () => {
  it('answers and stores the edited words with the times they were said at', async () => {
    const { client, url, note, spoken } = await editedNote();
    expect(note).toMatchObject({ transcript: EDITED, transcript_edited: true });
    // Each word reads as typed and keeps its spoken form.
    expect(words(note.segments).map((w) => w.text)).toEqual(EDITED.split(' '));
    expect(words(note.segments).map((w) => w.word)).toEqual(EDITED.toLowerCase().replace('.', '').split(' '));
    const said = new Map(spoken.map((w) => [w.word, w]));
    // Unchanged words keep their times exactly, whatever their case or punctuation now.
    for (const [typed, heard] of [
      ['Please', 'please'],
      ['buy', 'buy'],
      ['milk', 'milk'],
      ['tomorrow', 'tomorrow'],
    ] as const) {
      expect(wordNamed(note.segments, typed)).toMatchObject({
        start: said.get(heard)!.start,
        end: said.get(heard)!.end,
      });
    }
    // An added word sits between its neighbours; a replaced one takes the replaced word's time.
    expect(wordNamed(note.segments, 'oat')).toMatchObject({
      start: said.get('buy')!.end,
      end: said.get('milk')!.start,
    });
    expect(wordNamed(note.segments, 'evening.')).toMatchObject({
      start: said.get('tomorrow')!.end,
      end: said.get('morning')!.end,
    });
    const reloaded = (await client.get<VoiceNote>(`${url}/`)).body;
    expect(reloaded.segments).toEqual(note.segments);
  });

  it('SRT and WebVTT carry the edited words with their timings', async () => {
    const { client, url, note } = await editedNote();
    const srt = cues((await client.get(`${url}/transcript.srt`)).text, ',');
    const vtt = cues((await client.get(`${url}/transcript.vtt`)).text, '.');
    expect(srt.map((c) => c.text)).toEqual(note.segments.map((s) => s.text));
    expect(srt.map((c) => c.text).join(' ')).toBe(EDITED);
    srt.forEach((cue, i) => {
      expect(cue.start).toBeCloseTo(note.segments[i]!.start, 3);
      expect(cue.end).toBeCloseTo(note.segments[i]!.end, 3);
    });
    // One caption per segment, not one spanning the whole recording from 0 s.
    expect(srt[0]!.start).toBe(1);
    expect(vtt).toEqual(srt);
    const md = (await client.get(`${url}/transcript.md`)).text;
    expect(md).toContain(`**[0:01]** ${note.segments[0]!.text}`);
  });

  it('search tells when an edited word is said', async () => {
    const { client, note } = await editedNote();
    const time = async (q: string) => (await search(client, q)).body.results[0]?.time;
    expect(await time('oat ')).toBe(wordNamed(note.segments, 'oat').start);
    expect(await time('evening ')).toBe(wordNamed(note.segments, 'evening.').start);
    expect(await time('milk ')).toBe(3);
  });

  it('lists the edit in the version history as the current version, once', async () => {
    const { client, url, note } = await editedNote();
    const versions = async () => (await client.get<{ results: Version[] }>(`${url}/versions/`)).body.results;
    const first = await versions();
    expect(first.map((v) => [v.source, v.current])).toEqual([
      ['manual', true],
      ['engine', false],
    ]);
    expect(first[0]).toMatchObject({ text: EDITED, segments: note.segments });

    // Saving the same text again adds nothing.
    await client.request('PATCH', `${url}/`, { json: { transcript: EDITED } });
    expect(await versions()).toHaveLength(2);

    // Restoring the engine's words brings their timings back; exactly one version is current.
    const restored = await client.post(`${url}/versions/${first[1]!.id}/restore/`);
    expect(restored.status).toBe(200);
    const back = (await client.get<VoiceNote>(`${url}/`)).body;
    expect(back).toMatchObject({
      transcript: READ,
      transcript_edited: false,
      segments: first[1]!.segments,
    });
    expect((await versions()).map((v) => [v.source, v.current])).toEqual([
      ['manual', false],
      ['engine', true],
    ]);

    // Typing the engine's words back in makes the newest version the current one, not both.
    await client.request('PATCH', `${url}/`, { json: { transcript: `${READ} ` } });
    await client.request('PATCH', `${url}/`, { json: { transcript: READ } });
    const after = await versions();
    expect(after.filter((v) => v.current)).toHaveLength(1);
    expect(after[0]).toMatchObject({ text: READ, source: 'manual', current: true });
  });
});
