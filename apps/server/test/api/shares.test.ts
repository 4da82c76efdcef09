/**
 * Share links (ADR 0044) through the API, on both backends: making, listing and revoking them,
 * owner scoping, limits and the errors people read, expiry, passwords and their rate limit, what
 * an anonymous visitor sees and hears (a range's transcript and audio cut by the real ffmpeg,
 * Range requests, downloads), the headers of every public answer, and view counts. Notes get
 * their transcripts through the real queue, never by transcribing audio.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import {
  SHARE_GONE_MESSAGE,
  type CreatedShare,
  type PublicShare,
  type ShareList,
} from '@voxpad/shared/shares';
import type { TranscriptSegment, VoiceNote } from '@voxpad/shared/voice-notes';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { currentBackend } from '../support/test-database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { uploadNote } from '../support/transcribed-notes.ts';
import { toneWav } from '../support/wav.ts';

const LIMIT = 3;
const UNLOCK_TRIES = 3;
const READS_PER_MINUTE = 40;
const SHARES = '/api/v1/shares/';
const WORDS = 'one two three four five six seven eight nine ten eleven twelve';

let app: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-share-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Voxpad</title>');
  app = await startTestApp({
    SHARES_MAX_PER_USER: String(LIMIT),
    // Each visitor below comes from an address of its own (X-Forwarded-For behind TRUST_PROXY).
    TRUST_PROXY: 'true',
    ACCOUNT_RATE_LIMITS: `share_unlock=${UNLOCK_TRIES}/m/key;share_read=${READS_PER_MINUTE}/m/ip`,
    WEB_DIST_DIR: distDir,
  });
});
afterAll(async () => {
  await app?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});

let visitors = 0;
/** Someone with the link and nothing else: no session, an address of their own. */
function visitor(): TestClient {
  const client = new TestClient(app.baseUrl);
  visitors++;
  client.defaultHeaders['x-forwarded-for'] = `198.51.100.${visitors}`;
  return client;
}

async function person() {
  const { client, username, email } = await signedUpClient(app.baseUrl);
  const user = await app.db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return { client, userId: user.id, username, email };
}

/** A 6 s note whose twelve words are timed every 0.5 s from 0. */
async function transcribedNote(
  client: TestClient,
  padId: string,
  title = 'Hive inspection',
): Promise<VoiceNote> {
  const note = await uploadNote(client, padId, {
    bytes: toneWav(6),
    type: 'audio/wav',
    name: 'note.wav',
    title,
  });
  await completeTranscription(app.db, note.id, WORDS, { secondsPerWord: 0.5 });
  return note;
}

/** Finishes a note through the real queue as an engine that told voices apart: 0.5 s a word. */
async function completeWithSpeakers(noteId: string, turns: [string, string[]][]): Promise<void> {
  const queue = new TranscriptionQueue(app.db, currentBackend());
  for (;;) {
    const claimed = await queue.claimNext('test-worker', 600_000);
    if (!claimed) throw new Error(`note ${noteId} is not waiting for transcription`);
    if (claimed.id === noteId) break;
  }
  let at = 0;
  const segments: TranscriptSegment[] = turns.map(([speaker, said]) => {
    const words = said.map((word) => {
      const timed = { word, start: at, end: at + 0.4, confidence: 0.9 };
      at += 0.5;
      return timed;
    });
    return { start: words[0]!.start, end: words.at(-1)!.end, text: said.join(' '), words, speaker };
  });
  const text = turns.map(([, said]) => said.join(' ')).join(' ');
  const done = await queue.complete(noteId, 'test-worker', {
    transcript: { text, segments, madeBy: { engine: 'pocketsphinx', model: 'en-us' } },
    durationSeconds: at,
  });
  if (!done) throw new Error(`could not complete note ${noteId}`);
}

async function noteToShare() {
  const owner = await person();
  const pad = await createPad(owner.client, 'Bees');
  const note = await transcribedNote(owner.client, pad.id);
  return { ...owner, pad, note };
}

const share = (client: TestClient, json: unknown) =>
  client.post<CreatedShare & ApiErrorResponse>(SHARES, json);

async function created(client: TestClient, json: unknown): Promise<CreatedShare & { token: string }> {
  const res = await share(client, json);
  expect(res.status, res.text).toBe(201);
  const token = new URL(res.body.url).pathname.replace(/^\/s\//, '');
  return { ...res.body, token };
}

const publicPath = (token: string) => `/api/v1/public/shares/${token}/`;
const list = async (client: TestClient, query = '') =>
  (await client.get<ShareList>(`${SHARES}${query}`)).body;

async function audioDuration(bytes: ArrayBuffer): Promise<number> {
  const file = path.join(distDir, `cut-${Math.random()}.ogg`);
  await fs.writeFile(file, Buffer.from(bytes));
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  await fs.rm(file);
  return Number(out.toString().trim());
}

describe('making, listing and revoking links', () => {
  it('makes a note link whose token is shown once and stored only as its hash', async () => {
    const { client, userId, pad, note } = await noteToShare();
    const made = await created(client, { note_id: note.id });
    expect(made.url).toMatch(new RegExp(`^${app.baseUrl}/s/[A-Za-z0-9_-]{43}$`));
    expect(made).toMatchObject({
      kind: 'note',
      note_id: note.id,
      pad_id: pad.id,
      title: 'Hive inspection',
      start: null,
      end: null,
      expires_at: null,
      has_password: false,
      allow_download: false,
      view_count: 0,
      last_viewed_at: null,
    });
    const row = await app.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(userId);
    expect(row.token_hash).toBe(sha256(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token);

    const listed = await list(client);
    expect(listed.limit).toBe(LIMIT);
    const { url: _url, token: _token, ...withoutLink } = made;
    expect(listed.results).toEqual([withoutLink]);
    expect(JSON.stringify(listed)).not.toContain(made.token);
  });

  it('filters by note and by pad, and revokes a link at once', async () => {
    const { client, pad, note } = await noteToShare();
    const noteShare = await created(client, { note_id: note.id });
    const padShare = await created(client, { pad_id: pad.id });
    expect(padShare).toMatchObject({ kind: 'pad', note_id: null, pad_id: pad.id, title: pad.name });
    expect((await list(client, `?note_id=${note.id}`)).results.map((s) => s.id)).toEqual([noteShare.id]);
    expect((await list(client, `?pad_id=${pad.id}`)).results.map((s) => s.id)).toEqual([padShare.id]);

    const guest = visitor();
    expect((await guest.get(publicPath(noteShare.token))).status).toBe(200);
    expect((await client.delete(`${SHARES}${noteShare.id}/`)).status).toBe(204);
    const gone = await guest.get<ApiErrorResponse>(publicPath(noteShare.token));
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0]?.message).toBe(SHARE_GONE_MESSAGE);
    expect((await guest.get(`${publicPath(noteShare.token)}audio`)).status).toBe(404);
    expect((await client.delete(`${SHARES}${noteShare.id}/`)).status).toBe(404);
    expect((await list(client)).results.map((s) => s.id)).toEqual([padShare.id]);
  });

  it('answers 404 for another person’s note, pad and link, and lists only one’s own', async () => {
    const { client, pad, note } = await noteToShare();
    const mine = await created(client, { note_id: note.id });
    const other = await person();
    for (const body of [{ note_id: note.id }, { pad_id: pad.id }]) {
      const res = await share(other.client, body);
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toMatchObject({ code: 'not_found', param: Object.keys(body)[0] });
    }
    expect((await other.client.delete(`${SHARES}${mine.id}/`)).status).toBe(404);
    expect((await list(other.client)).results).toEqual([]);
    expect((await list(other.client, `?note_id=${note.id}`)).results).toEqual([]);
    expect((await list(client)).results).toHaveLength(1);
  });

  it('asks for a session', async () => {
    const guest = visitor();
    await guest.prime();
    expect((await guest.get(SHARES)).status).toBe(401);
    expect((await guest.post(SHARES, { note_id: 'x' })).status).toBe(401);
  });
});

describe('errors people read', () => {
  let client: TestClient;
  let noteId: string;
  let padId: string;
  beforeAll(async () => {
    const owner = await noteToShare();
    client = owner.client;
    noteId = owner.note.id;
    padId = owner.pad.id;
  });

  const past = new Date(Date.now() - 60_000).toISOString();
  it.each([
    ['neither note nor pad', () => ({}), 'note_id', 'Choose what to share'],
    ['both note and pad', () => ({ note_id: noteId, pad_id: padId }), 'note_id', 'not both'],
    ['a range of a pad', () => ({ pad_id: padId, start: 1 }), 'start', 'A pad is shared whole'],
    ['an end before the start', () => ({ note_id: noteId, start: 3, end: 2 }), 'end', 'after its start'],
    ['an end at the start', () => ({ note_id: noteId, start: 2, end: 2 }), 'end', 'after its start'],
    ['a start past the note', () => ({ note_id: noteId, start: 7 }), 'start', '0:06 long'],
    ['an end past the note', () => ({ note_id: noteId, start: 1, end: 9 }), 'end', '0:06 long'],
    ['a negative start', () => ({ note_id: noteId, start: -1, end: 2 }), 'start', 'before the start'],
    ['an expiry in the past', () => ({ note_id: noteId, expires_at: past }), 'expires_at', 'in the past'],
    ['an expiry that is no date', () => ({ note_id: noteId, expires_at: 'soon' }), 'expires_at', 'date'],
    ['a short password', () => ({ note_id: noteId, password: 'abc' }), 'password', 'at least 6'],
    ['a long password', () => ({ note_id: noteId, password: 'x'.repeat(129) }), 'password', 'at most 128'],
    ['an unknown field', () => ({ note_id: noteId, public: true }), undefined, 'not part of a share'],
  ])('refuses %s with a clear message', async (_name, body, param, words) => {
    const res = await share(client, body());
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors[0]?.param).toBe(param);
    expect(res.body.errors[0]?.message).toContain(words);
    expect((await list(client)).results).toEqual([]);
  });

  it(`keeps at most ${LIMIT} links per account`, async () => {
    const owner = await noteToShare();
    for (let i = 0; i < LIMIT; i++) await created(owner.client, { note_id: owner.note.id });
    const res = await share(owner.client, { note_id: owner.note.id });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'share_limit_reached' });
    expect(res.body.errors[0]?.message).toContain(`${LIMIT} share links`);
  });
});

describe('what a visitor sees', () => {
  it('shows the note, transcript and audio and nothing about its owner, with private headers', async () => {
    const { client, userId, username, email, pad, note } = await noteToShare();
    const made = await created(client, { note_id: note.id });
    const guest = visitor();
    const res = await guest.get<PublicShare>(publicPath(made.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      locked: false,
      kind: 'note',
      title: 'Hive inspection',
      allow_download: false,
      notes: [
        {
          index: 0,
          title: 'Hive inspection',
          duration_seconds: 6,
          audio_url: `${publicPath(made.token)}audio`,
          download_url: null,
        },
      ],
    });
    if (res.body.locked) throw new Error('unexpectedly locked');
    const [shared] = res.body.notes;
    expect(shared?.transcript?.toLowerCase()).toContain('one two three');
    expect(shared?.segments[0]?.words).toHaveLength(12);
    for (const secret of [userId, note.id, pad.id, made.id, username, email, pad.name]) {
      expect(res.text).not.toContain(secret);
    }
    for (const answer of [res, await guest.get(publicPath('no-such-token'))]) {
      expect(answer.headers.get('x-robots-tag')).toContain('noindex');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });

  it('plays the whole recording with Range requests, inline unless downloads are allowed', async () => {
    const { client, note } = await noteToShare();
    const inline = await created(client, { note_id: note.id });
    const guest = visitor();
    const audio = `${publicPath(inline.token)}audio`;
    const whole = await fetch(`${app.baseUrl}${audio}`, { headers: guest.defaultHeaders });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe('inline');
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBe(toneWav(6).length);
    const part = await fetch(`${app.baseUrl}${audio}`, {
      headers: { ...guest.defaultHeaders, range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect((await guest.get(`${audio}?download=1`)).status).toBe(403);

    const downloadable = await created(client, { note_id: note.id, allow_download: true });
    const page = (await guest.get<PublicShare>(publicPath(downloadable.token))).body;
    if (page.locked) throw new Error('unexpectedly locked');
    expect(page.notes[0]?.download_url).toBe(`${publicPath(downloadable.token)}audio?download=1`);
    const download = await guest.get(page.notes[0]!.download_url!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="Hive inspection.wav"; filename*=UTF-8\'\'Hive%20inspection.wav',
    );
  });

  it('cuts a range: transcript from 0 and audio of the range’s length', async () => {
    const { client, note } = await noteToShare();
    const made = await created(client, { note_id: note.id, start: 1, end: 3, allow_download: true });
    expect(made).toMatchObject({ kind: 'range', start: 1, end: 3 });
    const guest = visitor();
    const page = (await guest.get<PublicShare>(publicPath(made.token))).body;
    if (page.locked) throw new Error('unexpectedly locked');
    const shared = page.notes[0]!;
    expect(shared.duration_seconds).toBe(2);
    expect(shared.transcript?.toLowerCase()).toBe('three four five six');
    const words = shared.segments.flatMap((segment) => segment.words);
    expect(words.map((word) => word.start)).toEqual([0, 0.5, 1, 1.5]);
    expect(words.at(-1)?.end).toBe(1.9);

    const audio = await fetch(`${app.baseUrl}${shared.audio_url}`, { headers: guest.defaultHeaders });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/ogg');
    const bytes = await audio.arrayBuffer();
    expect(await audioDuration(bytes)).toBeCloseTo(2, 1);
    const part = await fetch(`${app.baseUrl}${shared.audio_url}`, {
      headers: { ...guest.defaultHeaders, range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.byteLength}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(Buffer.from(bytes).subarray(0, 100));
    const tooFar = await fetch(`${app.baseUrl}${shared.audio_url}`, {
      headers: { ...guest.defaultHeaders, range: `bytes=${bytes.byteLength}-` },
    });
    expect(tooFar.status).toBe(416);
    const download = await guest.get(shared.download_url!);
    expect(download.headers.get('content-disposition')).toContain('filename="Hive inspection.ogg"');
  });

  it('names who speaks at each turn: speaker names only, those of the shared part', async () => {
    const owner = await person();
    const pad = await createPad(owner.client, 'Bees');
    const note = await uploadNote(owner.client, pad.id, {
      bytes: toneWav(4),
      type: 'audio/wav',
      name: 'note.wav',
      title: 'Two voices',
    });
    await completeWithSpeakers(note.id, [
      ['S1', ['hello', 'there']],
      ['S2', ['good', 'morning']],
    ]);
    const renamed = await owner.client.request(
      'PATCH',
      `/api/v1/pad/${pad.id}/voicenote/${note.id}/speakers/S2/`,
      {
        json: { name: 'Bea' },
      },
    );
    expect(renamed.status, renamed.text).toBe(200);
    const guest = visitor();

    const whole = (
      await guest.get<PublicShare>(publicPath((await created(owner.client, { note_id: note.id })).token))
    ).body;
    if (whole.locked) throw new Error('unexpectedly locked');
    expect(whole.notes[0]?.speakers).toEqual([
      { id: 'S1', name: 'Speaker 1' },
      { id: 'S2', name: 'Bea' },
    ]);
    expect(whole.notes[0]?.segments.map((segment) => segment.speaker)).toEqual(['S1', 'S2']);

    // A range within the first turn: only its speaker.
    const range = await created(owner.client, { note_id: note.id, start: 0, end: 0.9 });
    const part = (await guest.get<PublicShare>(publicPath(range.token))).body;
    if (part.locked) throw new Error('unexpectedly locked');
    expect(part.notes[0]?.speakers).toEqual([{ id: 'S1', name: 'Speaker 1' }]);
    expect(part.notes[0]?.segments.map((segment) => segment.speaker)).toEqual(['S1']);
  });

  it('lists a pad’s notes by their place, with the audio of each', async () => {
    const { client, pad } = await noteToShare();
    await transcribedNote(client, pad.id, 'Second visit');
    const made = await created(client, { pad_id: pad.id });
    const guest = visitor();
    const page = (await guest.get<PublicShare>(publicPath(made.token))).body;
    if (page.locked) throw new Error('unexpectedly locked');
    expect(page.title).toBe(pad.name);
    expect(page.notes.map((n) => [n.index, n.title, n.audio_url])).toEqual([
      [0, 'Hive inspection', `${publicPath(made.token)}notes/0/audio`],
      [1, 'Second visit', `${publicPath(made.token)}notes/1/audio`],
    ]);
    expect((await guest.get(`${publicPath(made.token)}notes/1/audio`)).status).toBe(200);
    expect((await guest.get(`${publicPath(made.token)}notes/2/audio`)).status).toBe(404);
    expect((await guest.get(`${publicPath(made.token)}audio`)).status).toBe(404);
  });

  it('counts one view per page load, not per audio request', async () => {
    const { client, note } = await noteToShare();
    const made = await created(client, { note_id: note.id });
    const guest = visitor();
    await guest.get(publicPath(made.token));
    await guest.get(publicPath(made.token));
    await guest.get(`${publicPath(made.token)}audio`, { range: 'bytes=0-9' });
    await guest.get(`${publicPath(made.token)}audio`, { range: 'bytes=10-19' });
    const [listed] = (await list(client)).results;
    expect(listed?.view_count).toBe(2);
    expect(Date.now() - Date.parse(listed!.last_viewed_at!)).toBeLessThan(60_000);
  });

  it('answers an expired link exactly as an unknown one', async () => {
    const { client, note } = await noteToShare();
    const made = await created(client, {
      note_id: note.id,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const guest = visitor();
    expect((await guest.get(publicPath(made.token))).status).toBe(200);
    await app.db
      .updateTable('shares')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', made.id)
      .execute();
    const expired = await guest.get(publicPath(made.token));
    const unknown = await guest.get(publicPath(`${made.token.slice(0, -2)}xx`));
    expect(expired.status).toBe(404);
    expect(expired.text).toBe(unknown.text);
    expect((await guest.get(`${publicPath(made.token)}audio`)).status).toBe(404);
    // Still listed for its owner, who sees why it stopped.
    expect((await list(client)).results.map((s) => s.id)).toEqual([made.id]);
  });

  it('limits how often one address reads links', async () => {
    const guest = visitor();
    for (let i = 0; i < READS_PER_MINUTE; i++)
      expect((await guest.get(publicPath(`t${i}`))).status).toBe(404);
    const refused = await guest.get<ApiErrorResponse>(publicPath('t'));
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]?.code).toBe('rate_limited');
    expect((await visitor().get(publicPath('t'))).status).toBe(404);
  });

  it('serves the web app at /s/{token}, kept out of search engines', async () => {
    const res = await fetch(`${app.baseUrl}/s/some-token`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Voxpad</title>');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('passwords', () => {
  it('locks the link until the right password, then opens it for that link alone', async () => {
    const { client, note } = await noteToShare();
    const made = await created(client, { note_id: note.id, password: 'open sesame' });
    const other = await created(client, { note_id: note.id, password: 'open sesame' });
    expect(made.has_password).toBe(true);
    const row = await app.db
      .selectFrom('shares')
      .select('password_hash')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);

    const guest = visitor();
    await guest.prime();
    expect((await guest.get<PublicShare>(publicPath(made.token))).body).toEqual({
      locked: true,
      kind: 'note',
    });
    const locked = await guest.get<ApiErrorResponse>(`${publicPath(made.token)}audio`);
    expect(locked.status).toBe(403);
    expect(locked.body.errors[0]?.code).toBe('share_locked');

    const wrong = await guest.post<ApiErrorResponse>(`${publicPath(made.token)}unlock`, {
      password: 'open says me',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'share_wrong_password', param: 'password' });
    expect(wrong.body.errors[0]?.message).toContain('not right');

    const right = await guest.request('POST', `${publicPath(made.token)}unlock`, {
      json: { password: 'open sesame' },
    });
    expect(right.status).toBe(204);
    const cookie = right.headers.getSetCookie().find((c) => c.startsWith('voxpad_share='));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Path=/api/v1/public/shares/${made.token}`);
    const open = await guest.get<PublicShare>(publicPath(made.token));
    expect(open.body.locked).toBe(false);
    expect((await guest.get(`${publicPath(made.token)}audio`)).status).toBe(200);
    // The same cookie does not open another link.
    expect((await guest.get<PublicShare>(publicPath(other.token))).body.locked).toBe(true);
    expect(
      (await list(client, `?note_id=${note.id}`)).results.find((s) => s.id === made.id)?.view_count,
    ).toBe(1);
  });

  it(`refuses tries past ${UNLOCK_TRIES} on one link, even the right password`, async () => {
    const { client, note } = await noteToShare();
    const made = await created(client, { note_id: note.id, password: 'open sesame' });
    const guest = visitor();
    await guest.prime();
    for (let i = 0; i < UNLOCK_TRIES; i++) {
      expect((await guest.post(`${publicPath(made.token)}unlock`, { password: `guess ${i}` })).status).toBe(
        403,
      );
    }
    const elsewhere = visitor();
    await elsewhere.prime();
    const refused = await elsewhere.post<ApiErrorResponse>(`${publicPath(made.token)}unlock`, {
      password: 'open sesame',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]?.message).toContain('Too many tries');
  });

  it('answers an unknown link’s unlock with the same 404', async () => {
    const guest = visitor();
    await guest.prime();
    const res = await guest.post<ApiErrorResponse>(`${publicPath('no-such-token')}unlock`, {
      password: 'whatever',
    });
    expect(res.status).toBe(404);
    expect(res.body.errors[0]?.message).toBe(SHARE_GONE_MESSAGE);
  });
});
