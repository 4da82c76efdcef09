/**
 * Transcription through the API with the real worker (ROLE=all), on every backend: a failed
 * note's retry, progress and its event stream, re-transcription with versions, and transcript
 * exports. Audio is made at test time (flite, ffmpeg). Each format's decoding and the reasons
 * a recording fails are ffmpeg's and the engine's: transcripts-formats.test.ts, on one backend.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { TranscriptionState } from '../../src/transcripts/transcription-state.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient } from '../support/http-client.ts';
import type { TestClient } from '../support/http-client.ts';
import { ffmpeg } from '../support/audio-files.ts';
import { notePath as notePathIn, settledNote, uploadNote } from '../support/transcribed-notes.ts';
import { speak } from '../transcription/support/speech.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-transcripts-'));
const file = (name: string) => path.join(dir, name);
const TEXT = 'please remember to buy milk and bread tomorrow morning';

let server: TestApp;
let client: TestClient;
let other: TestClient;
let pad: Pad;

beforeAll(async () => {
  speak(TEXT, file('speech.wav'));
  server = await startTestApp({ ROLE: 'all', WORKER_CONCURRENCY: '2', MAX_DURATION_SECONDS: '30' });
  ({ client } = await signedUpClient(server.baseUrl));
  ({ client: other } = await signedUpClient(server.baseUrl));
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Transcripts' })).body;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = (bytes: Uint8Array, type: string, name: string, title?: string): Promise<VoiceNote> =>
  uploadNote(client, pad.id, { bytes, type, name, title });
const notePath = (id: string) => notePathIn(pad.id, id);
const settled = (id: string, timeoutMs?: number) => settledNote(client, pad.id, id, timeoutMs);

describe('retry', { timeout: 120_000 }, () => {
  it('retries a failed note on request, and only a failed one', async () => {
    ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '2', '-c:a', 'flac', file('silent.flac'));
    const note = await upload(fs.readFileSync(file('silent.flac')), 'audio/flac', 's.flac');
    const failed = await settled(note.id);
    expect(failed.status).toBe('failed');
    const retried = await client.post<TranscriptionState>(`${notePath(note.id)}/retry/`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: 'pending', attempts: 0, progress: 0 });
    const again = await settled(note.id);
    expect(again).toMatchObject({ status: 'failed', attempts: 1 });

    const good = await upload(fs.readFileSync(file('speech.wav')), 'audio/wav', 'ok.wav');
    await settled(good.id);
    expect((await client.post(`${notePath(good.id)}/retry/`)).status).toBe(409);
    expect((await other.post(`${notePath(good.id)}/retry/`)).status).toBe(404);
  });
});

describe('progress', { timeout: 120_000 }, () => {
  it('streams state events with rising progress until the note is done', async () => {
    // A 25 s note with speech at both ends: several chunks, so progress moves in steps.
    ffmpeg(
      '-i',
      file('speech.wav'),
      '-i',
      file('speech.wav'),
      '-filter_complex',
      '[0]apad=pad_dur=20[a];[a][1]concat=n=2:v=0:a=1',
      '-c:a',
      'libopus',
      file('mid.webm'),
    );
    const note = await upload(fs.readFileSync(file('mid.webm')), 'audio/webm', 'mid.webm');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${server.baseUrl}${notePath(note.id)}/events/`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text(); // ends when the server closes the stream
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => ({
      event: m[1]!,
      data: JSON.parse(m[2]!) as TranscriptionState,
    }));
    const states = events.filter((e) => e.event === 'state').map((e) => e.data);
    expect(states.length).toBeGreaterThanOrEqual(2);
    const progress = states.map((s) => s.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(states.at(-1)).toMatchObject({ status: 'done', progress: 1 });
    expect(events.at(-1)).toMatchObject({ event: 'end', data: { status: 'done' } });

    const stranger = await fetch(`${server.baseUrl}${notePath(note.id)}/events/`, {
      headers: { cookie: [...other.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(stranger.status).toBe(404);
  });
});

describe('re-transcription and versions', { timeout: 120_000 }, () => {
  it('keeps a hand-edited transcript as a version and restores it', async () => {
    const note = await upload(fs.readFileSync(file('speech.wav')), 'audio/wav', 'v.wav');
    const first = await settled(note.id);
    const edit = await client.request('PATCH', `${notePath(note.id)}/`, {
      json: { transcript: 'my own words' },
    });
    expect(edit.status).toBe(200);

    expect((await client.post(`${notePath(note.id)}/transcribe/`, { engine: 'whisper' })).status).toBe(400);
    const queued = await client.post<TranscriptionState>(`${notePath(note.id)}/transcribe/`, {
      language: 'en',
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: 'pending', language: 'en' });
    expect((await client.post(`${notePath(note.id)}/transcribe/`)).status).toBe(409);
    const second = await settled(note.id);
    expect(second).toMatchObject({ status: 'done', transcript: first.transcript, language: 'en' });

    type Version = {
      id: string;
      source: string;
      engine: string | null;
      model: string | null;
      text: string;
      current: boolean;
    };
    const versions = (await client.get<{ results: Version[] }>(`${notePath(note.id)}/versions/`)).body
      .results;
    expect(versions.map((v) => v.source)).toEqual(['engine', 'manual', 'engine']);
    // Engine versions record what made them; typed text records no engine.
    expect(versions.map((v) => [v.engine, v.model])).toEqual([
      ['pocketsphinx', 'en-us'],
      [null, null],
      ['pocketsphinx', 'en-us'],
    ]);
    expect(versions[1]!.text).toBe('my own words');
    expect(versions[0]!.current).toBe(true);

    const restored = await client.post<{ transcript: string; transcript_edited: boolean }>(
      `${notePath(note.id)}/versions/${versions[1]!.id}/restore/`,
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ transcript: 'my own words', transcript_edited: true });
    expect((await client.get<VoiceNote>(`${notePath(note.id)}/`)).body.transcript).toBe('my own words');
    // Restoring adds no duplicate: the typed text was already a version.
    const after = (await client.get<{ results: Version[] }>(`${notePath(note.id)}/versions/`)).body.results;
    expect(after).toHaveLength(3);
    expect((await other.get(`${notePath(note.id)}/versions/`)).status).toBe(404);
    expect((await client.post(`${notePath(note.id)}/versions/nope/restore/`)).status).toBe(404);

    const unsupported = await client.post(`${notePath(note.id)}/transcribe/`, { language: 'de' });
    expect(unsupported.status).toBe(202);
    const german = await settled(note.id);
    expect(german.status).toBe('failed');
    expect(german.failure_reason).toMatch(/language/);
    expect(german.attempts).toBe(1);
  });
});

describe('exports', { timeout: 120_000 }, () => {
  let id: string;
  beforeAll(async () => {
    const note = await upload(
      fs.readFileSync(file('speech.wav')),
      'audio/wav',
      'e.wav',
      'Shopping: milk/bread "list"',
    );
    id = (await settled(note.id)).id;
  });

  const parseCues = (text: string, separator: ',' | '.') => {
    const time = `(\\d{2}):(\\d{2}):(\\d{2})\\${separator}(\\d{3})`;
    const re = new RegExp(`${time} --> ${time}\\n(.+)`, 'g');
    return [...text.matchAll(re)].map((m) => {
      const n = m.slice(1, 9).map(Number);
      return {
        start: n[0]! * 3600 + n[1]! * 60 + n[2]! + n[3]! / 1000,
        end: n[4]! * 3600 + n[5]! * 60 + n[6]! + n[7]! / 1000,
        text: m[9]!,
      };
    });
  };

  it('SRT and WebVTT carry the segments with their timings', async () => {
    const note = (await client.get<VoiceNote>(`${notePath(id)}/`)).body;
    const srt = await client.get(`${notePath(id)}/transcript.srt`);
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.headers.get('content-disposition')).toBe(
      `attachment; filename="Shopping milk bread list.srt"; filename*=UTF-8''Shopping%20milk%20bread%20list.srt`,
    );
    expect(srt.text).toMatch(/^1\n/);
    const cues = parseCues(srt.text, ',');
    expect(cues.map((c) => c.text)).toEqual(note.segments.map((s) => s.text));
    cues.forEach((c, i) => {
      expect(c.start).toBeCloseTo(note.segments[i]!.start, 3);
      expect(c.end).toBeCloseTo(note.segments[i]!.end, 3);
    });

    const vtt = await client.get(`${notePath(id)}/transcript.vtt`);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.text.startsWith('WEBVTT\n\n')).toBe(true);
    expect(parseCues(vtt.text, '.')).toEqual(cues);
  });

  it('txt, json and md', async () => {
    const note = (await client.get<VoiceNote>(`${notePath(id)}/`)).body;
    const txt = await client.get(`${notePath(id)}/transcript.txt`);
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(txt.text).toBe(`${note.transcript}\n`);
    const json = await client.get<{ text: string; segments: unknown[] }>(`${notePath(id)}/transcript.json`);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.body).toMatchObject({ text: note.transcript, segments: note.segments });
    const md = await client.get(`${notePath(id)}/transcript.md`);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.text.startsWith('# Shopping: milk/bread "list"\n')).toBe(true);
    expect(md.headers.get('content-disposition')).toMatch(/filename="Shopping milk bread list\.md"/);
  });

  it('unknown formats and other people’s notes are not found', async () => {
    expect((await client.get(`${notePath(id)}/transcript.docx`)).status).toBe(404);
    expect((await other.get(`${notePath(id)}/transcript.txt`)).status).toBe(404);
  });
});
