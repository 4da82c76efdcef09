import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import { parsePeaks, type Peaks } from '@voxpad/shared/peaks';
import {
  SEGMENT_PAGE_LIMITS,
  voiceNotePeaksPath,
  voiceNoteSegmentsPath,
  type SegmentPage,
  type TranscriptSegment,
  type VoiceNote,
} from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { settledNote, uploadNote } from '../support/transcribed-notes.ts';
import { pcmWav } from '../support/wav.ts';

/**
 * Four-hour recordings (ADR 0056): the waveform's peaks are made while the audio is decoded
 * and match the audio; a long transcript's segments come in complete, ordered pages.
 */
let server: TestApp;
let client: TestClient;
let pad: Pad;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-long-'));
  server = await startTestApp({ ROLE: 'all' });
  ({ client } = await signedUpClient(server.baseUrl));
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Long recordings' })).body;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Sections of a tone at a level (0..1 of full scale), each `seconds` long. */
const SECTIONS = [
  { seconds: 2, level: 0.8 },
  { seconds: 2, level: 0 },
  { seconds: 2, level: 0.1 },
  { seconds: 2, level: 0.4 },
] as const;

/** 48 kHz stereo 16-bit WAV (so downmixing and resampling run too) of SECTIONS. */
function sectionsWav(): Buffer {
  const rate = 48000;
  const frames = SECTIONS.reduce((n, s) => n + s.seconds * rate, 0);
  const samples = new Int16Array(frames * 2);
  let frame = 0;
  for (const { seconds, level } of SECTIONS) {
    for (let i = 0; i < seconds * rate; i++, frame++) {
      const s = Math.round(Math.sin((2 * Math.PI * 300 * frame) / rate) * level * 32767);
      samples[frame * 2] = s;
      samples[frame * 2 + 1] = s;
    }
  }
  return pcmWav(samples, rate, 2);
}

async function fetchPeaks(note: VoiceNote, timeoutMs = 60_000): Promise<Peaks> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${server.baseUrl}${voiceNotePeaksPath(note.pad_id, note.id)}`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    if (res.status === 200) {
      const peaks = parsePeaks(new Uint8Array(await res.arrayBuffer()));
      if (!peaks) throw new Error('not a peaks file');
      return peaks;
    }
    const body = (await res.json()) as { status: number; errors: { code: string; message: string }[] };
    expect(res.status, JSON.stringify(body)).toBe(202);
    expect(body.errors[0]?.code).toBe('peaks_pending');
    expect(body.errors[0]?.message).toMatch(/waveform/);
    if (Date.now() > deadline) throw new Error('the peaks were never made');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Highest |sample| over the middle second of each section, as the peaks tell it. */
function sectionLevels(peaks: Peaks): number[] {
  let start = 0;
  return SECTIONS.map(({ seconds }) => {
    const from = Math.round((start + 0.5) * peaks.perSecond);
    const to = Math.round((start + seconds - 0.5) * peaks.perSecond);
    start += seconds;
    let level = 0;
    for (let i = from; i < to; i++) level = Math.max(level, -peaks.min[i]!, peaks.max[i]!);
    return level / 127;
  });
}

function expectPeaksMatch(peaks: Peaks): void {
  const seconds = SECTIONS.reduce((n, s) => n + s.seconds, 0);
  expect(peaks.perSecond).toBe(10);
  expect(peaks.min.length).toBe(seconds * peaks.perSecond);
  const levels = sectionLevels(peaks);
  // Lossy Opus and the resampler move levels a little; the positions and order must hold.
  SECTIONS.forEach(({ level }, i) => expect(levels[i], `section ${i}`).toBeCloseTo(level, 1));
  expect(levels[1]).toBe(0);
  // Peaks are lows and highs: each pair straddles zero for a tone.
  for (let i = 0; i < 20; i++) expect(peaks.min[i]!).toBeLessThan(0);
}

async function dbRow(id: string) {
  return server.db
    .selectFrom('voice_notes')
    .select(['peaks_key', 'storage_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('waveform peaks', () => {
  it('are folded while the recording is decoded for transcription and match its loud and quiet parts', async () => {
    const note = await uploadNote(client, pad.id, {
      bytes: sectionsWav(),
      type: 'audio/wav',
      name: 'tones.wav',
    });
    await settledNote(client, pad.id, note.id);
    const row = await dbRow(note.id);
    expect(row.peaks_key).toBe(row.storage_key.replace(/\.wav$/, '.peaks'));
    expectPeaksMatch(await fetchPeaks(note, 1_000));

    // They go with the note.
    expect(await server.storage.size(row.peaks_key!)).toBeGreaterThan(8);
    expect((await client.delete(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`)).status).toBe(204);
    expect(await server.storage.size(row.peaks_key!)).toBeUndefined();
  });

  it('are made from Opus through ffmpeg reading the stored file', async () => {
    const wavFile = path.join(dir, 'tones.wav');
    const opusFile = path.join(dir, 'tones.ogg');
    fs.writeFileSync(wavFile, sectionsWav());
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      wavFile,
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      opusFile,
    ]);
    const note = await uploadNote(client, pad.id, {
      bytes: fs.readFileSync(opusFile),
      type: 'audio/ogg',
      name: 'tones.ogg',
    });
    await settledNote(client, pad.id, note.id);
    expectPeaksMatch(await fetchPeaks(note, 1_000));
  });

  it('are made on first request for a note filed without them, answering 202 until then', async () => {
    const note = await uploadNote(client, pad.id, {
      bytes: sectionsWav(),
      type: 'audio/wav',
      name: 'old.wav',
    });
    await settledNote(client, pad.id, note.id);
    // As an older note: no peaks recorded, none stored.
    const row = await dbRow(note.id);
    await server.storage.delete(row.peaks_key!);
    await server.db.updateTable('voice_notes').set({ peaks_key: null }).where('id', '=', note.id).execute();
    const first = await client.get<{ errors: { code: string }[] }>(voiceNotePeaksPath(pad.id, note.id));
    expect(first.status).toBe(202);
    expect(first.headers.get('retry-after')).toBe('3');
    expectPeaksMatch(await fetchPeaks(note));
    expect((await dbRow(note.id)).peaks_key).not.toBeNull();
  });

  it("answers 404 for another person's note", async () => {
    const note = await uploadNote(client, pad.id, {
      bytes: sectionsWav(),
      type: 'audio/wav',
      name: 'mine.wav',
    });
    const { client: other } = await signedUpClient(server.baseUrl);
    const res = await other.get<{ errors: { message: string }[] }>(voiceNotePeaksPath(pad.id, note.id));
    expect(res.status).toBe(404);
    expect(res.body.errors[0]?.message).toBe('This voice note was not found.');
    await settledNote(client, pad.id, note.id);
  });
});

/** Four hours of segments about 6 s long, with words, as a transcript of that length has. */
function fourHoursOfSegments(): TranscriptSegment[] {
  const words = ['so', 'the', 'hive', 'was', 'calm', 'today', 'and', 'we', 'checked', 'frames'];
  const segments: TranscriptSegment[] = [];
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let t = 0, i = 0; t < 4 * 3600 - 8; i++) {
    const length = 4 + rand() * 4;
    const count = 8 + Math.floor(rand() * 10);
    const timed = Array.from({ length: count }, (_, k) => ({
      word: words[Math.floor(rand() * words.length)]!,
      start: t + (k * length) / count,
      end: t + ((k + 1) * length) / count,
      confidence: 0.9,
    }));
    segments.push({
      start: t,
      end: t + length,
      text: `${i} ${timed.map((w) => w.word).join(' ')}`,
      words: timed,
    });
    t += length + 0.5;
  }
  return segments;
}

describe('segment pages', () => {
  it('page a four-hour transcript completely and in order, and the note itself says it is paged', async () => {
    const note = await uploadNote(client, pad.id, {
      bytes: sectionsWav(),
      type: 'audio/wav',
      name: 'long.wav',
    });
    await settledNote(client, pad.id, note.id);
    const segments = fourHoursOfSegments();
    expect(segments.length).toBeGreaterThan(SEGMENT_PAGE_LIMITS.inlineMax);
    await server.db
      .updateTable('voice_notes')
      .set({ segments: JSON.stringify(segments), transcript: segments.map((s) => s.text).join(' ') })
      .where('id', '=', note.id)
      .execute();

    const started = performance.now();
    const detail = await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`);
    const detailMs = performance.now() - started;
    process.stdout.write(
      `[long-recordings] 4-hour note (${segments.length} segments, ${(JSON.stringify(segments).length / 1e6).toFixed(1)} MB of ` +
        `segments JSON): note answer in ${detailMs.toFixed(0)} ms, ${(detail.text.length / 1e3).toFixed(0)} KB\n`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.segments_paged).toBe(true);
    expect(detail.body.segment_count).toBe(segments.length);
    expect(detail.body.segments).toEqual(segments.slice(0, SEGMENT_PAGE_LIMITS.pageDefault));

    // Following on from the note's own first page, then from the start with the largest pages.
    for (const [first, limit] of [
      [detail.body.segments_next ?? null, SEGMENT_PAGE_LIMITS.pageDefault],
      [undefined, SEGMENT_PAGE_LIMITS.pageMax],
    ] as const) {
      const seen: TranscriptSegment[] = first === undefined ? [] : [...detail.body.segments];
      let cursor: string | null | undefined = first;
      let pages = 0;
      do {
        const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
        const res = await client.get<SegmentPage>(`${voiceNoteSegmentsPath(pad.id, note.id)}?${query}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body.start_index).toBe(seen.length);
        expect(res.body.segment_count).toBe(segments.length);
        expect(res.body.results.length).toBeLessThanOrEqual(limit);
        seen.push(...res.body.results);
        cursor = res.body.next;
        pages++;
      } while (cursor !== null);
      // Complete, in order, no gap or repeat; the last page ends the transcript.
      expect(seen.length).toBe(segments.length);
      expect(seen.map((s) => s.text)).toEqual(segments.map((s) => s.text));
      expect(seen).toEqual(segments);
      const paged = first === undefined ? segments.length : segments.length - SEGMENT_PAGE_LIMITS.pageDefault;
      expect(pages).toBe(Math.ceil(paged / limit));
    }
  });

  it('refuses a page link made before the transcript changed, and keeps small notes whole', async () => {
    const note = await uploadNote(client, pad.id, {
      bytes: sectionsWav(),
      type: 'audio/wav',
      name: 'small.wav',
    });
    await settledNote(client, pad.id, note.id);
    const segments = fourHoursOfSegments().slice(0, 300);
    await server.db
      .updateTable('voice_notes')
      .set({ segments: JSON.stringify(segments) })
      .where('id', '=', note.id)
      .execute();
    const detail = await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${note.id}/`);
    expect(detail.body.segments_paged).toBe(false);
    expect(detail.body.segments).toEqual(segments);

    const page = await client.get<SegmentPage>(`${voiceNoteSegmentsPath(pad.id, note.id)}?limit=100`);
    expect(page.body.next).not.toBeNull();
    await server.db
      .updateTable('voice_notes')
      .set({ updated_at: Date.now() + 1000 })
      .where('id', '=', note.id)
      .execute();
    const stale = await client.get<{ errors: { code: string; message: string }[] }>(
      `${voiceNoteSegmentsPath(pad.id, note.id)}?cursor=${page.body.next}`,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]?.code).toBe('transcript_changed');
    const broken = await client.get(`${voiceNoteSegmentsPath(pad.id, note.id)}?cursor=nonsense`);
    expect(broken.status).toBe(400);
  });
});
