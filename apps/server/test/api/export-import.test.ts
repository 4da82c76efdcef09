/**
 * Export and import of notes as a zip (ADR 0047), through the real HTTP server on each
 * backend: a pad's zip imported into another pad and another account gives the same notes
 * (audio byte for byte, transcripts, versions and word times, nothing queued); selections and
 * the whole account; a zip of plain recordings with per-file errors; every hostile zip; owner
 * scoping; the storage quota.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import type {
  ExportManifest,
  ExportedNote,
  ImportProgress,
  ImportStarted,
} from '@voxpad/shared/export-import';
import type { TranscriptVersionList } from '@voxpad/shared/transcripts';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { createPad, notesOf } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { uploadNote } from '../support/transcribed-notes.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { toneWav } from '../support/wav.ts';
import { buildZip, type RawEntry, unzip } from '../support/zip-files.ts';

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    IMPORT_MAX_BYTES: String(3 * MB),
    IMPORT_MAX_ENTRIES: '40',
    IMPORT_MAX_UNCOMPRESSED_BYTES: String(6 * MB),
    UPLOAD_MAX_BYTES: String(MB),
    MAX_DURATION_SECONDS: '60',
    QUOTA_STORAGE_BYTES: String(2.5 * MB),
  });
});
afterAll(() => app.close());

async function person() {
  const { client } = await signedUpClient(app.baseUrl);
  return client;
}

/** The raw bytes of a GET (the test client reads bodies as text). */
async function download(
  client: TestClient,
  url: string,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(app.baseUrl + url, { headers: { cookie } });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

const importZip = (client: TestClient, padId: string, bytes: Buffer, type = 'application/zip') =>
  client.request<ImportStarted & ApiErrorResponse>('POST', `/api/v1/pad/${padId}/import/`, {
    body: bytes,
    headers: { 'content-type': type },
  });

async function finishedImport(client: TestClient, statusUrl: string): Promise<ImportProgress> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const progress = (await client.get<ImportProgress>(statusUrl)).body;
    if (progress.status !== 'running') return progress;
    if (Date.now() > deadline) throw new Error(`import still running: ${JSON.stringify(progress)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function imported(client: TestClient, padId: string, bytes: Buffer): Promise<ImportProgress> {
  const res = await importZip(client, padId, bytes);
  expect(res.status, res.text).toBe(202);
  expect(res.body.status_url).toBe(`/api/v1/imports/${res.body.id}/`);
  return finishedImport(client, res.body.status_url);
}

/** A note with an engine transcript and then a typed correction: two versions, word times. */
async function transcribedNote(
  client: TestClient,
  padId: string,
  seconds: number,
  words: string,
  typed?: string,
) {
  const audio = toneWav(seconds, 16000, 300 + seconds * 10);
  const note = await uploadNote(client, padId, {
    bytes: audio,
    type: 'audio/wav',
    name: `take ${seconds}.wav`,
  });
  await completeTranscription(app.db, note.id, words);
  if (typed) {
    const edit = await client.request('PATCH', `/api/v1/pad/${padId}/voicenote/${note.id}/`, {
      json: { transcript: typed },
    });
    expect(edit.status, edit.text).toBe(200);
  }
  return { id: note.id, audio };
}

/** What must survive a round trip: everything a person sees of the note, and its audio. */
async function noteFacts(client: TestClient, padId: string, id: string) {
  const note = (await client.get<VoiceNote>(`/api/v1/pad/${padId}/voicenote/${id}/`)).body;
  const versions = (await client.get<TranscriptVersionList>(`/api/v1/pad/${padId}/voicenote/${id}/versions/`))
    .body;
  const audio = await download(client, `/api/v1/pad/${padId}/voicenote/${id}/audio/`);
  return {
    title: note.title,
    status: note.status,
    created_at: note.created_at,
    duration_seconds: note.duration_seconds,
    content_type: note.content_type,
    transcript: note.transcript,
    segments: note.segments,
    transcript_edited: note.transcript_edited,
    transcript_reviewed: note.transcript_reviewed,
    versions: versions.results.map(({ id: _id, ...version }) => version),
    audio: sha256(audio.bytes),
  };
}

async function pendingNotesIn(padId: string): Promise<number> {
  const row = await app.db
    .selectFrom('voice_notes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pad_id', '=', padId)
    .where('status', '!=', 'done')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a pad exported and imported again', () => {
  let owner: TestClient;
  let padId: string;
  let notes: { id: string; audio: Buffer }[];
  let zip: Buffer;

  beforeAll(async () => {
    owner = await person();
    padId = (await createPad(owner, 'Garden')).id;
    notes = [
      await transcribedNote(owner, padId, 1, 'plant the beans today', 'Plant the broad beans today.'),
      await transcribedNote(owner, padId, 2, 'water the tomatoes at six'),
    ];
    const res = await download(owner, `/api/v1/pad/${padId}/export.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="voxpad-pad-\d{4}-\d\d-\d\d\.zip"$/,
    );
    zip = res.bytes;
  });

  it('holds each recording byte for byte, the transcripts in five formats and a manifest', async () => {
    const files = await unzip(zip);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ExportManifest;
    expect(manifest).toMatchObject({ format: 'voxpad-export', schema_version: 1, pads: [{ id: padId }] });
    expect(Date.parse(manifest.exported_at)).not.toBeNaN();
    expect(manifest.notes.map((n) => n.id)).toEqual(notes.map((n) => n.id));
    for (const [i, entry] of manifest.notes.entries()) {
      const audio = files.get(entry.audio!.path)!;
      expect(audio.equals(notes[i]!.audio)).toBe(true);
      expect(entry.audio!.sha256).toBe(sha256(notes[i]!.audio));
      for (const name of [
        'note.json',
        'transcript.md',
        'transcript.txt',
        'transcript.srt',
        'transcript.vtt',
      ]) {
        expect(files.has(`${entry.path}/${name}`), name).toBe(true);
      }
    }
    const first = manifest.notes[0]!;
    const json = JSON.parse(files.get(first.transcript)!.toString()) as ExportedNote;
    expect(json.text).toBe('Plant the broad beans today.');
    expect(json.versions.map((v) => [v.source, v.text])).toEqual([
      ['engine', 'Plant the beans today.'],
      ['manual', 'Plant the broad beans today.'],
    ]);
    expect(json.segments[0]!.words.length).toBeGreaterThan(0);
    const markdown = files.get(`${first.path}/transcript.md`)!.toString();
    expect(markdown).toMatch(
      /^---\ntitle: ".+"\npad: "Garden [\d.]+"\ncreated: "[\dT:.Z-]+"\nduration: [\d.]+\n---\n/,
    );
    expect(markdown).toContain('Plant the broad beans today.');
    expect(files.get(`${first.path}/transcript.srt`)!.toString()).toContain('00:00:00,000 --> ');
    expect(files.get(`${first.path}/transcript.vtt`)!.toString()).toMatch(/^WEBVTT\n/);
    // Info-ZIP, as people will open it.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'voxpad-export-'));
    try {
      await writeFile(path.join(dir, 'pad.zip'), zip);
      await promisify(execFile)('unzip', ['-tq', path.join(dir, 'pad.zip')]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives the same notes in another pad and in another account, transcribed, with nothing queued', async () => {
    const originals = await Promise.all(notes.map((n) => noteFacts(owner, padId, n.id)));
    const otherPad = (await createPad(owner, 'Garden copy')).id;
    const stranger = await person();
    const strangersPad = (await createPad(stranger, 'Inbox')).id;
    for (const [client, target] of [
      [owner, otherPad],
      [stranger, strangersPad],
    ] as const) {
      const progress = await imported(client, target, zip);
      expect(progress).toMatchObject({ status: 'done', total: 2, done: 2, pad_id: target, error: null });
      expect(progress.files.map((f) => f.status)).toEqual(['imported', 'imported']);
      const copies = await Promise.all(progress.files.map((f) => noteFacts(client, target, f.note_id!)));
      expect(copies).toEqual(originals);
      expect(copies[0]!.status).toBe('done');
      expect(await pendingNotesIn(target)).toBe(0);
    }
  });

  it('exports chosen notes, or the whole account', async () => {
    const chosen = await download(owner, `/api/v1/export.zip?ids=${notes[1]!.id}`);
    expect(chosen.status).toBe(200);
    const manifest = JSON.parse(
      (await unzip(chosen.bytes)).get('manifest.json')!.toString(),
    ) as ExportManifest;
    expect(manifest.notes.map((n) => n.id)).toEqual([notes[1]!.id]);
    expect(manifest.pads.map((p) => p.id)).toEqual([padId]);

    const account = await download(owner, '/api/v1/export.zip');
    const everything = JSON.parse(
      (await unzip(account.bytes)).get('manifest.json')!.toString(),
    ) as ExportManifest;
    // The pad above, and the copy imported into the second pad.
    expect(everything.pads).toHaveLength(2);
    expect(everything.notes).toHaveLength(4);
  });

  it("answers 404 for another user's pad, notes and imports", async () => {
    const stranger = await person();
    expect((await download(stranger, `/api/v1/pad/${padId}/export.zip`)).status).toBe(404);
    const ids = await stranger.get<ApiErrorResponse>(`/api/v1/export.zip?ids=${notes[0]!.id}`);
    expect(ids.status).toBe(404);
    expect(ids.body.errors[0]).toMatchObject({ code: 'not_found', param: 'ids' });
    expect((await importZip(stranger, padId, zip)).status).toBe(404);
    const ownImport = await importZip(owner, (await createPad(owner, 'Third')).id, zip);
    expect(ownImport.status).toBe(202);
    expect((await stranger.get(ownImport.body.status_url)).status).toBe(404);
    await finishedImport(owner, ownImport.body.status_url);
  });

  it('refuses a manifest of an unknown schema version', async () => {
    const files = await unzip(zip);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ExportManifest;
    const entries: RawEntry[] = [...files].map(([name, data]) => ({
      name,
      data: name === 'manifest.json' ? Buffer.from(JSON.stringify({ ...manifest, schema_version: 2 })) : data,
    }));
    const res = await importZip(owner, padId, buildZip(entries));
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'unknown_schema_version', param: 'file' });
    expect(res.body.errors[0]!.message).toContain('format version 2');
  });

  it('refuses an export whose recording does not match the manifest', async () => {
    const files = await unzip(zip);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ExportManifest;
    const swapped = manifest.notes[0]!.audio!.path;
    const entries: RawEntry[] = [...files].map(([name, data]) => ({
      name,
      data: name === swapped ? toneWav(1, 16000, 999) : data,
    }));
    const res = await importZip(owner, padId, buildZip(entries));
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors[0]!.code).toBe('damaged_zip');
  });
});

describe('a zip of recordings', () => {
  it('files each recording for transcription and names each file it could not import', async () => {
    const client = await person();
    const padId = (await createPad(client, 'Dictaphone')).id;
    const zip = buildZip([
      { name: 'monday.wav', data: toneWav(1) },
      { name: 'notes/readme.txt', data: Buffer.from('not a recording') },
      { name: 'long.wav', data: toneWav(61, 4000) },
      { name: 'big.wav', data: toneWav(40) },
      { name: '__MACOSX/._monday.wav', data: Buffer.from('resource fork') },
    ]);
    const progress = await imported(client, padId, zip);
    expect(progress).toMatchObject({ status: 'done', total: 4, done: 4 });
    const byName = new Map(progress.files.map((f) => [f.name, f]));
    expect(byName.get('monday.wav')).toMatchObject({ status: 'imported' });
    expect(byName.get('notes/readme.txt')).toMatchObject({ status: 'failed' });
    expect(byName.get('notes/readme.txt')!.error).toContain('not a recording in a format we accept');
    expect(byName.get('long.wav')!.error).toContain('The limit is 1 min');
    expect(byName.get('big.wav')!.error).toBe('This recording is too large. The limit is 1 MB.');
    const filed = await notesOf(client, padId);
    expect(filed.map((n) => [n.title, n.status])).toEqual([['monday', 'pending']]);
  });

  it('keeps to the storage quota: files past it are named, the rest imported', async () => {
    const client = await person();
    const padId = (await createPad(client, 'Quota')).id;
    const recordings = ['a', 'b', 'c'].map((name) => ({ name: `${name}.wav`, data: toneWav(28, 16000) }));
    const progress = await imported(client, padId, buildZip(recordings));
    expect(progress.files.map((f) => f.status)).toEqual(['imported', 'imported', 'failed']);
    expect(progress.files[2]!.error).toMatch(/storage/i);
    expect(await notesOf(client, padId)).toHaveLength(2);
  });
});

describe('zips refused as a whole', () => {
  let client: TestClient;
  let padId: string;
  beforeAll(async () => {
    client = await person();
    padId = (await createPad(client, 'Hostile')).id;
  });

  const wav = toneWav(0.2);
  it.each<[string, () => Buffer, number, string]>([
    ['not a zip', () => Buffer.from('these are not the bytes of a zip file at all'), 400, 'not_a_zip'],
    [
      'a zip with no recordings',
      () => buildZip([{ name: 'letter.txt', data: Buffer.from('Dear...') }]),
      400,
      'nothing_to_import',
    ],
    [
      'a zip whose data does not match its CRC',
      () => {
        const zip = buildZip([{ name: 'a.wav', data: wav }]);
        zip[30 + 'a.wav'.length + 100]! ^= 0xff;
        return zip;
      },
      400,
      'damaged_zip',
    ],
    ['a truncated zip', () => buildZip([{ name: 'a.wav', data: wav }]).subarray(0, 2000), 400, 'damaged_zip'],
    [
      'an entry that inflates past its declared size',
      () => buildZip([{ name: 'a.wav', data: wav, deflate: true, declaredSize: 100 }]),
      400,
      'damaged_zip',
    ],
    [
      'a zip bomb',
      () => buildZip([{ name: 'bomb.wav', data: Buffer.alloc(7 * MB), deflate: true }]),
      413,
      'too_large_uncompressed',
    ],
    [
      'too many entries',
      () => buildZip(Array.from({ length: 41 }, (_, i) => ({ name: `${i}.wav`, data: wav }))),
      413,
      'too_many_entries',
    ],
    ['a path with ../', () => buildZip([{ name: 'ok/../../evil.wav', data: wav }]), 400, 'unsafe_path'],
    ['an absolute path', () => buildZip([{ name: '/etc/evil.wav', data: wav }]), 400, 'unsafe_path'],
    ['a drive letter', () => buildZip([{ name: 'C:/evil.wav', data: wav }]), 400, 'unsafe_path'],
    ['a backslash path', () => buildZip([{ name: '..\\evil.wav', data: wav }]), 400, 'unsafe_path'],
    [
      'a symbolic link',
      () => buildZip([{ name: 'link.wav', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
      400,
      'unsafe_path',
    ],
  ])('%s', async (_what, make, status, code) => {
    const res = await importZip(client, padId, make());
    expect(res.status, res.text).toBe(status);
    expect(res.body).toMatchObject({ status, errors: [{ code, param: 'file' }] });
    expect(res.body.errors[0]!.message.length).toBeGreaterThan(20);
    expect(await notesOf(client, padId)).toEqual([]);
  });

  it('refuses a zip over the size limit, and a body that is not a zip', async () => {
    const big = await importZip(client, padId, Buffer.alloc(3 * MB + 1));
    expect(big.status).toBe(413);
    expect(big.body.errors[0]).toMatchObject({ code: 'payload_too_large' });
    expect(big.body.errors[0]!.message).toContain('The limit is 3 MB');
    const json = await client.post<ApiErrorResponse>(`/api/v1/pad/${padId}/import/`, { zip: true });
    expect(json.status).toBe(415);
    expect(json.body.errors[0]!.code).toBe('unsupported_media_type');
  });

  it('leaves no spooled zip behind', async () => {
    const { readdir } = await import('node:fs/promises');
    const left = await readdir(path.join(app.dataDir, 'tmp', 'imports')).catch(() => []);
    expect(left).toEqual([]);
  });
});
