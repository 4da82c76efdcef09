/**
 * Summaries where notes travel (ADR 0047, 0052, issue 23), through the real HTTP server on each
 * backend: the zip export's note.json carries a note's summary versions and its Markdown (and the
 * note's own transcript.md) a "Summary" section with the latest done summary and its timed action
 * items; importing the zip files the versions again; a note without summaries exports and imports
 * as before. Also the note's own chapters.vtt download (its highlights as WebVTT chapters). No
 * model runs: versions are written as the runner would leave them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExportManifest,
  ExportedNote,
  ImportProgress,
  ImportStarted,
} from '@voxpad/shared/export-import';
import type { NoteSummary, SummaryVersions } from '@voxpad/shared/summaries';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { ownerOf, runningSummaryRow, summaryRow } from '../support/summary-rows.ts';
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

async function person() {
  return (await signedUpClient(app.baseUrl)).client;
}

async function download(client: TestClient, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(app.baseUrl + url, { headers: { cookie } });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

async function transcribedNote(client: TestClient, padId: string, words: string) {
  const note = await uploadNote(client, padId, { bytes: toneWav(1), type: 'audio/wav', name: 'take.wav' });
  await completeTranscription(app.db, note.id, words);
  return note.id;
}

type Version = Pick<NoteSummary, 'status' | 'summary' | 'action_items' | 'title' | 'error'>;

/** Writes versions as the runner leaves them, a minute apart, oldest first. */
async function writeVersions(noteId: string, versions: Version[]) {
  const owner = await ownerOf(app.db, noteId);
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);
  for (const [i, version] of versions.entries()) {
    const row = summaryRow(noteId, owner, start + i * 60_000, {
      ...version,
      action_items: JSON.stringify(version.action_items),
    });
    await app.db.insertInto('note_summaries').values(row).execute();
  }
}

const versionsOf = async (client: TestClient, padId: string, noteId: string) =>
  (await client.get<SummaryVersions>(`/api/v1/pad/${padId}/voicenote/${noteId}/summary/versions/`)).body
    .results;

async function imported(client: TestClient, padId: string, zip: Buffer): Promise<ImportProgress> {
  const res = await client.request<ImportStarted>('POST', `/api/v1/pad/${padId}/import/`, {
    body: zip,
    headers: { 'content-type': 'application/zip' },
  });
  expect(res.status, res.text).toBe(202);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const progress = (await client.get<ImportProgress>(res.body.status_url)).body;
    if (progress.status !== 'running') return progress;
    if (Date.now() > deadline) throw new Error(`import still running: ${JSON.stringify(progress)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const OLD: Version = {
  status: 'done',
  summary: 'An early summary.',
  action_items: [],
  title: 'Early',
  error: null,
};
const LATEST: Version = {
  status: 'done',
  summary: 'Planning the garden:\nseeds and the fence.',
  action_items: [
    { text: 'Order the seeds before Friday', start: 0 },
    { text: 'Call the   supplier', start: 75.5 },
  ],
  title: 'Garden plans',
  error: null,
};
const FAILED: Version = {
  status: 'failed',
  summary: null,
  action_items: [],
  title: null,
  error: 'llm.example:11434 did not answer within 120 seconds.',
};

describe('summaries in an export', () => {
  it('note.json carries the versions, the Markdown the latest done one, and an import files them again', async () => {
    const client = await person();
    const pad = await createPad(client, 'Summarised');
    const noteId = await transcribedNote(client, pad.id, 'order the seeds and call the supplier');
    // The newest version failed: the Markdown still shows the latest one that is done.
    await writeVersions(noteId, [OLD, LATEST, FAILED]);
    const before = await versionsOf(client, pad.id, noteId);
    expect(before.map((v) => v.status)).toEqual(['failed', 'done', 'done']);

    const zip = await download(client, `/api/v1/pad/${pad.id}/export.zip`);
    expect(zip.status).toBe(200);
    const files = await unzip(zip.bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ExportManifest;
    const entry = manifest.notes[0]!;
    const json = JSON.parse(files.get(entry.transcript)!.toString()) as ExportedNote;
    expect(json.summaries).toEqual([...before].reverse().map(({ id: _id, ...version }) => version));
    expect(json.summaries[1]).toMatchObject({
      status: 'done',
      summary: LATEST.summary,
      action_items: LATEST.action_items,
      title: 'Garden plans',
      model: 'tiny-model',
      endpoint: 'llm.example:11434',
      created_at: '2026-01-05T09:01:00.000Z',
    });

    const section =
      '## Summary\n\nPlanning the garden:\nseeds and the fence.\n\n### Action items\n\n' +
      '- **[0:00]** Order the seeds before Friday\n- **[1:15]** Call the supplier\n';
    const markdown = files.get(`${entry.path}/transcript.md`)!.toString();
    expect(markdown).toContain(section);
    expect(markdown).not.toContain('An early summary');
    const single = await download(client, `/api/v1/pad/${pad.id}/voicenote/${noteId}/transcript.md`);
    expect(single.bytes.toString()).toContain(section);
    // Only the Markdown carries it.
    const text = await download(client, `/api/v1/pad/${pad.id}/voicenote/${noteId}/transcript.txt`);
    expect(text.bytes.toString()).not.toContain('Summary');

    // Imported into another account, the note has the same versions (new ids).
    const stranger = await person();
    const target = (await createPad(stranger, 'Inbox')).id;
    const progress = await imported(stranger, target, zip.bytes);
    expect(progress.files.map((f) => f.status)).toEqual(['imported']);
    const copy = await versionsOf(stranger, target, progress.files[0]!.note_id!);
    const withoutIds = (versions: NoteSummary[]) => versions.map(({ id: _id, ...version }) => version);
    expect(withoutIds(copy)).toEqual(withoutIds(before));
    expect(copy.map((v) => v.id)).not.toEqual(before.map((v) => v.id));
    const latest = await stranger.get<NoteSummary & { previous_done: NoteSummary | null }>(
      `/api/v1/pad/${target}/voicenote/${progress.files[0]!.note_id!}/summary/`,
    );
    expect(latest.body.previous_done).toMatchObject({ summary: LATEST.summary, title: 'Garden plans' });
  });

  it('a note without summaries exports without them and imports without any', async () => {
    const client = await person();
    const pad = await createPad(client, 'Plain');
    const noteId = await transcribedNote(client, pad.id, 'nothing to summarise here');
    const zip = await download(client, `/api/v1/pad/${pad.id}/export.zip`);
    const files = await unzip(zip.bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ExportManifest;
    const entry = manifest.notes[0]!;
    const json = JSON.parse(files.get(entry.transcript)!.toString()) as ExportedNote;
    expect(json.summaries).toEqual([]);
    expect(files.get(`${entry.path}/transcript.md`)!.toString()).not.toContain('## Summary');
    const single = await download(client, `/api/v1/pad/${pad.id}/voicenote/${noteId}/transcript.md`);
    expect(single.bytes.toString()).not.toContain('## Summary');

    const target = (await createPad(client, 'Plain copy')).id;
    const progress = await imported(client, target, zip.bytes);
    expect(progress.files.map((f) => f.status)).toEqual(['imported']);
    const copyId = progress.files[0]!.note_id!;
    expect(await versionsOf(client, target, copyId)).toEqual([]);
    expect((await client.get(`/api/v1/pad/${target}/voicenote/${copyId}/summary/`)).status).toBe(404);
  });

  it('an import files finished versions only: one being written when exported is left out', async () => {
    const client = await person();
    const pad = await createPad(client, 'Unfinished');
    const noteId = await transcribedNote(client, pad.id, 'half way through a summary');
    await writeVersions(noteId, [LATEST]);
    // Being written by another process (its lease is live, so this one's runner leaves it).
    const running = runningSummaryRow(
      noteId,
      await ownerOf(app.db, noteId),
      Date.now(),
      'summaries-elsewhere',
      Date.now() + 600_000,
    );
    await app.db.insertInto('note_summaries').values(running).execute();
    const zip = await download(client, `/api/v1/pad/${pad.id}/export.zip`);
    const files = await unzip(zip.bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ExportManifest;
    const json = JSON.parse(files.get(manifest.notes[0]!.transcript)!.toString()) as ExportedNote;
    expect(json.summaries.map((v) => v.status)).toEqual(['done', 'running']);
    const target = (await createPad(client, 'Unfinished copy')).id;
    const progress = await imported(client, target, zip.bytes);
    const copy = await versionsOf(client, target, progress.files[0]!.note_id!);
    expect(copy.map((v) => [v.status, v.summary])).toEqual([['done', LATEST.summary]]);
  });
});

describe('a note’s chapters download', () => {
  it('gives the highlights as WebVTT chapters, an empty file without highlights, 404 to others', async () => {
    const client = await person();
    const pad = await createPad(client, 'Chapters');
    const noteId = await transcribedNote(client, pad.id, 'one two three four five six');
    const url = `/api/v1/pad/${pad.id}/voicenote/${noteId}/chapters.vtt`;

    const empty = await download(client, url);
    expect(empty.status).toBe(200);
    expect(empty.bytes.toString()).toBe('WEBVTT\n\n');

    for (const json of [
      { start: 0.5, label: 'Opening' },
      { start: 1.5, end: 2.5, label: 'Middle --> part' },
    ]) {
      const added = await client.post(`/api/v1/pad/${pad.id}/voicenote/${noteId}/highlights/`, json);
      expect(added.status, added.text).toBe(201);
    }
    const chapters = await download(client, url);
    expect(chapters.status).toBe(200);
    expect(chapters.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(chapters.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.chapters\.vtt"/);
    expect(chapters.bytes.toString()).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nOpening\n\n00:00:01.500 --> 00:00:02.500\nMiddle -> part\n',
    );
    // The zip's chapters.vtt is the same file.
    const files = await unzip((await download(client, `/api/v1/pad/${pad.id}/export.zip`)).bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ExportManifest;
    expect(files.get(`${manifest.notes[0]!.path}/chapters.vtt`)!.toString()).toBe(chapters.bytes.toString());

    expect((await download(await person(), url)).status).toBe(404);
  });
});
