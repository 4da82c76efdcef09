import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../../src/db/database.ts';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { sweep } from '../../src/maintenance/sweeper.ts';
import type { BlobStorage } from '../../src/storage/blob-storage.ts';
import { AUTH, browser, errorsOf, sessionIdOf, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import type { TestClient } from '../support/http-client.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import { S3TestServer } from '../support/s3-server.ts';
import { currentBackend } from '../support/test-database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { completeTranscription } from '../support/transcripts.ts';
import { createUpload, patchUpload } from '../support/tus.ts';
import { toneWav } from '../support/wav.ts';

/**
 * Deleting an account (ADR 0042): a recent authentication first, then every row of the person
 * in every table, their audio, upload parts and personal models in blob storage, and their
 * sessions; nobody else's. Notes are tiny WAVs filed without a worker (nothing is decoded).
 */
const ACCOUNT = '/api/v1/account/';
const HOUR = 60 * 60 * 1000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Person = Awaited<ReturnType<typeof verifiedAccount>>;

async function userIdOf(db: Db, email: string): Promise<string> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

async function uploadNote(client: TestClient, padId: string): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body: toneWav(0.2),
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="note.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A resumable upload left half-way: its first part is a blob, the rest never comes. */
async function startUpload(client: TestClient, padId: string): Promise<void> {
  const wav = toneWav(3);
  const created = await createUpload(client, wav.length, {
    pad_id: padId,
    filename: 'long.wav',
    filetype: 'audio/wav',
  });
  expect(created.status, created.text).toBe(201);
  const patched = await patchUpload(client, created.headers.get('location')!, 0, wav.subarray(0, 20_000));
  expect(patched.status, patched.text).toBe(204);
}

async function keysUnder(storage: BlobStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of storage.list(prefix)) keys.push(blob.key);
  return keys.sort();
}

/** A stored personal model, as the builder leaves one (adaptation/storage/model-blobs.ts). */
async function storeModelBlobs(server: TestApp, userId: string): Promise<void> {
  const buildId = `build${Date.now().toString(36)}`;
  await server.storage.put(`adaptation/${userId}/${buildId}/0.bin`, Readable.from([Buffer.from('lm')]));
  await server.storage.put(
    `adaptation/${userId}/${buildId}/manifest.json`,
    Readable.from([Buffer.from('{}')]),
  );
  await server.db
    .insertInto('adaptation_states')
    .values({ user_id: userId, status: 'ready', build_id: buildId, updated_at: Date.now() })
    .execute();
  // A voice profile (ADR 0058), as teaching leaves one.
  await server.db
    .insertInto('voice_profiles')
    .values({
      owner_id: userId,
      print: JSON.stringify({ frames: 3000, mean: [1], variance: [1] }),
      notes: 2,
      updated_at: Date.now(),
    })
    .execute();
}

/**
 * Gives the person a row in every table that can hold one: through the API where that is
 * cheap, straight into the table where the API needs an engine, a provider or a passkey.
 */
async function fillAccount(server: TestApp, person: Person) {
  const { client } = person;
  const userId = await userIdOf(server.db, person.email);
  const now = Date.now();
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Everything' })).body;
  const note = await uploadNote(client, pad.id);
  await uploadNote(client, pad.id);
  // A note a bulk delete took, still in its undo window (ADR 0046): its row and audio go too.
  const binned = await uploadNote(client, pad.id);
  const binning = await client.post('/api/v1/voicenote/bulk/', { action: 'delete', ids: [binned.id] });
  expect(binning.status, binning.text).toBe(200);
  await completeTranscription(server.db, note.id, 'a transcript with history');
  const edited = await client.request('PATCH', `/api/v1/pad/${pad.id}/voicenote/${note.id}/`, {
    json: { transcript: 'an edited transcript', tags: ['everything'] },
  });
  expect(edited.status, edited.text).toBe(200);
  // A highlight on the note (ADR 0054).
  const highlight = await client.post(`/api/v1/pad/${pad.id}/voicenote/${note.id}/highlights/`, {
    start: 0,
    label: 'Everything',
  });
  expect(highlight.status, highlight.text).toBe(201);

  await startUpload(client, pad.id);
  // A finished import's progress (ADR 0047), as the import runner leaves it.
  await server.db
    .insertInto('imports')
    .values({
      id: `import-${userId}`,
      owner_id: userId,
      pad_id: pad.id,
      status: 'done',
      total: 0,
      done: 0,
      files: '[]',
      error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();

  const token = await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'script' });
  expect(token.status).toBe(201);
  // A webhook nothing is sent to (only deletions, and none happen here), with a logged delivery.
  const webhook = await client.post<{ id: string }>('/api/v1/webhooks/', {
    url: 'https://hooks.example.org/voxpad',
    events: ['note.deleted'],
  });
  expect(webhook.status, webhook.text).toBe(201);
  expect((await client.post(`${AUTH}/account/email`, { email: `other-${person.email}` })).status).toBe(200);
  // Keys are made as their mail goes out, after the answer.
  await server.mailbox.waitFor(`other-${person.email}`, { subject: /Confirm/ });
  expect((await client.post('/api/v1/vocabulary/proposals/dismiss/', { word: 'voxpad' })).status).toBe(204);
  expect((await client.post('/api/v1/shares/', { note_id: note.id })).status).toBe(201);
  expect(
    (await client.request('PATCH', '/api/v1/settings/', { json: { format_transcripts: false } })).status,
  ).toBe(200);
  const reset = await (await browser(server)).post(`${AUTH}/auth/password/request`, { email: person.email });
  expect(reset.status).toBe(200);
  await server.mailbox.waitFor(person.email, { subject: /Password Reset/ });
  // A second device, logged in with the password.
  const phone = await browser(server);
  expect(
    (await phone.post(`${AUTH}/auth/login`, { email: person.email, password: person.password })).status,
  ).toBe(200);

  await server.db
    .insertInto('vocabulary_words')
    .values({
      id: `w${now}`,
      user_id: userId,
      pad_id: pad.id,
      word: 'Voxpad',
      word_key: 'voxpad',
      pronunciations: JSON.stringify(['V AA K S P AE D']),
      source: 'user',
      sounds_like: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await server.db
    .insertInto('webhook_deliveries')
    .values({
      id: `d${now}`,
      webhook_id: webhook.body.id,
      user_id: userId,
      event: 'note.deleted',
      payload: '{}',
      status: 'failed',
      attempts: 1,
      next_attempt_at: null,
      lease_owner: null,
      lease_expires_at: null,
      response_status: 500,
      response_excerpt: 'no',
      error: 'The endpoint answered 500, not 2xx.',
      duration_ms: 3,
      created_at: now,
      last_attempt_at: now,
    })
    .execute();
  // A pad's summary setting, and a summary as the runner leaves one (ADR 0052).
  const summarising = await client.put(`/api/v1/pad/${pad.id}/summary-settings/`, { auto_summary: true });
  expect(summarising.status, summarising.text).toBe(200);
  await server.db
    .insertInto('note_summaries')
    .values({
      id: `sum${now}`,
      voice_note_id: note.id,
      owner_id: userId,
      status: 'done',
      summary: 'A summary.',
      action_items: '[]',
      title: 'A title',
      model: 'a-model',
      endpoint: '127.0.0.1:11434',
      error: null,
      attempts: 1,
      lease_owner: null,
      lease_expires_at: null,
      created_at: now,
      finished_at: now,
    })
    .execute();
  await server.db
    .insertInto('social_accounts')
    .values({
      id: `s${now}`,
      user_id: userId,
      provider: 'oidc',
      uid: `uid-${userId}`,
      email: person.email,
      display: person.username,
      created_at: now,
      last_login_at: now,
    })
    .execute();
  await server.db
    .insertInto('social_login_states')
    .values({
      state_hash: `state-${userId}`,
      browser_hash: 'browser',
      provider: 'oidc',
      process: 'connect',
      callback_path: '/account/connections',
      redirect_uri: `${server.baseUrl}/callback`,
      code_verifier: 'verifier',
      nonce: 'nonce',
      user_id: userId,
      created_at: now,
      expires_at: now + HOUR,
    })
    .execute();
  await server.db
    .insertInto('authenticators')
    .values([
      {
        id: `t${now}`,
        user_id: userId,
        type: 'totp',
        name: null,
        credential_id: null,
        data: '{}',
        created_at: now,
        last_used_at: null,
      },
      {
        id: `p${now}`,
        user_id: userId,
        type: 'webauthn',
        name: 'Laptop',
        credential_id: `cred-${userId}`,
        data: '{}',
        created_at: now,
        last_used_at: null,
      },
    ])
    .execute();
  await storeModelBlobs(server, userId);
  return { userId, pad, note, token: token.body.token, phone };
}

/** Every column of every table that names an account, read from the database itself. */
async function ownerColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const rows =
    currentBackend() === 'sqlite'
      ? (
          await sql<{ table: string; column: string }>`
            select m.name as "table", p.name as "column"
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and p.name in ('user_id', 'owner_id')`.execute(db)
        ).rows
      : (
          await sql<{ table: string; column: string }>`
            select table_name as "table", column_name as "column" from information_schema.columns
            where table_schema = current_schema() and column_name in ('user_id', 'owner_id')`.execute(db)
        ).rows;
  return [...rows, { table: 'users', column: 'id' }];
}

/** How many rows of each table belong to `userId`, by each column that names an account. */
async function rowsOf(db: Db, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of await ownerColumns(db)) {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(db);
    counts[`${table}.${column}`] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Rows anywhere that still carry one of `emails`, in any column named like an email. */
async function rowsWithEmail(db: Db, emails: string[]): Promise<number> {
  const wanted = emails.map((email) => email.toLowerCase());
  const columns =
    currentBackend() === 'sqlite'
      ? (
          await sql<{ table: string; column: string }>`
            select m.name as "table", p.name as "column"
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and p.name like '%email%' and m.sql not like 'CREATE VIRTUAL%'`.execute(db)
        ).rows
      : (
          await sql<{ table: string; column: string }>`
            select table_name as "table", column_name as "column" from information_schema.columns
            where table_schema = current_schema() and column_name like '%email%'
              and data_type = 'text'`.execute(db)
        ).rows;
  expect(columns.length).toBeGreaterThan(0);
  let found = 0;
  for (const { table, column } of columns) {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where lower(${sql.ref(column)}) in (${sql.join(wanted)})`.execute(
      db,
    );
    found += Number(rows[0]?.n ?? 0);
  }
  return found;
}

const useToken = async (server: TestApp, token: string) =>
  (
    await fetch(`${server.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new FormData(),
    })
  ).status;

describe('deleting an account', () => {
  it('asks for a recent authentication first, and changes nothing until given one', async () => {
    const person = await verifiedAccount(app);
    const userId = await userIdOf(app.db, person.email);
    const pad = (await person.client.post<Pad>('/api/v1/pad/', { name: 'Kept' })).body;
    await uploadNote(person.client, pad.id);
    await ageAuthentication(app, person.client, PAST_REAUTHENTICATION_MS);

    const refused = await person.client.delete(ACCOUNT);
    expect(refused.status).toBe(403);
    expect(errorsOf(refused.body)).toEqual([
      {
        code: 'reauthentication_required',
        message: expect.stringMatching(/confirm it’s you.*delete the account again/),
      },
    ]);
    expect((await rowsOf(app.db, userId))['users.id']).toBe(1);
    expect(await keysUnder(app.storage, `audio/${userId}/`)).toHaveLength(1);
    expect((await person.client.get('/api/v1/pad/')).status).toBe(200);

    const again = await person.client.post(`${AUTH}/auth/reauthenticate`, { password: person.password });
    expect(again.status).toBe(200);
    expect((await person.client.delete(ACCOUNT)).status).toBe(204);
    expect((await rowsOf(app.db, userId))['users.id']).toBe(0);
  });

  it('needs a session and the CSRF header', async () => {
    expect((await (await browser(app)).delete(ACCOUNT)).status).toBe(401);
    const person = await verifiedAccount(app);
    person.client.sendCsrf = false;
    const refused = await person.client.delete(ACCOUNT);
    expect(refused.status).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('csrf_failed');
    expect(await userIdOf(app.db, person.email)).toBeTruthy();
  });

  it("removes the person's rows from every table, their blobs and sessions, and nobody else's", async () => {
    const person = await verifiedAccount(app);
    const other = await verifiedAccount(app);
    const mine = await fillAccount(app, person);
    const theirs = await fillAccount(app, other);
    const theirRows = await rowsOf(app.db, theirs.userId);

    // Every table that names an account holds something of the person: none is left out below.
    const before = await rowsOf(app.db, mine.userId);
    const empty = Object.entries(before).filter(([, n]) => n === 0);
    expect(empty, 'tables the fill gave no row: give them one').toEqual([]);
    for (const table of [
      'voice_notes',
      'transcript_versions',
      'uploads',
      'adaptation_states',
      'voice_profiles',
      'authenticators',
    ]) {
      expect(
        Object.keys(before).some((key) => key.startsWith(`${table}.`)),
        table,
      ).toBe(true);
    }
    expect(await keysUnder(app.storage, `audio/${mine.userId}/`)).toHaveLength(3);
    expect((await keysUnder(app.storage, 'uploads/')).length).toBeGreaterThanOrEqual(2);
    expect(await keysUnder(app.storage, `adaptation/${mine.userId}/`)).toHaveLength(2);
    const uploadIds = (
      await app.db.selectFrom('uploads').select('id').where('owner_id', '=', mine.userId).execute()
    ).map((row) => row.id);
    const oldCookie = person.client.cookies.get('sessionid')!;
    const oldSession = sessionIdOf(person.client);
    const mailsBefore = app.mailbox.for(person.email).length;

    const deleted = await person.client.delete(ACCOUNT);
    expect(deleted.status, deleted.text).toBe(204);

    // Logged out: the cookie is cleared, and neither it nor the other device's session works.
    expect(person.client.cookies.has('sessionid')).toBe(false);
    expect(deleted.headers.getSetCookie().some((c) => /^sessionid=;/.test(c))).toBe(true);
    person.client.cookies.set('sessionid', oldCookie);
    expect((await person.client.get('/api/v1/pad/')).status).toBe(401);
    expect((await mine.phone.get('/api/v1/pad/')).status).toBe(401);
    expect((await mine.phone.get(`${AUTH}/auth/session`)).status).toBe(401);
    expect(await useToken(app, mine.token)).toBe(401);
    const login = await (
      await browser(app)
    ).post(`${AUTH}/auth/login`, { email: person.email, password: person.password });
    expect(login.status).toBe(400);

    // Nothing of the person is left in any table, under any column that names an account or the address.
    expect(Object.entries(await rowsOf(app.db, mine.userId)).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowsWithEmail(app.db, [person.email, `other-${person.email}`])).toBe(0);
    expect(await rowsWithEmail(app.db, [other.email])).toBeGreaterThan(0);
    expect(
      await app.db.selectFrom('sessions').select('id').where('id', '=', oldSession).executeTakeFirst(),
    ).toBeUndefined();

    // Nor in blob storage.
    expect(await keysUnder(app.storage, `audio/${mine.userId}/`)).toEqual([]);
    expect(await keysUnder(app.storage, `adaptation/${mine.userId}/`)).toEqual([]);
    for (const id of uploadIds) expect(await keysUnder(app.storage, `uploads/${id}/`)).toEqual([]);

    // The other person keeps everything.
    expect(await rowsOf(app.db, theirs.userId)).toEqual(theirRows);
    expect(await keysUnder(app.storage, `audio/${theirs.userId}/`)).toHaveLength(3);
    expect(await keysUnder(app.storage, `adaptation/${theirs.userId}/`)).toHaveLength(2);
    expect(
      (await other.client.get(`/api/v1/pad/${theirs.pad.id}/voicenote/${theirs.note.id}/audio/`)).status,
    ).toBe(200);
    expect(await useToken(app, theirs.token)).toBe(400);
    expect((await theirs.phone.get('/api/v1/pad/')).status).toBe(200);

    // The address hears of it.
    const mail = await app.mailbox.waitFor(person.email, { subject: /Account Deleted/, after: mailsBefore });
    expect(mail.text).toContain(person.username);
  });

  it('lets the same address sign up again', async () => {
    const person = await verifiedAccount(app);
    expect((await person.client.delete(ACCOUNT)).status).toBe(204);

    const client = await browser(app);
    const before = app.mailbox.for(person.email).length;
    const signup = await client.post(`${AUTH}/auth/signup`, {
      email: person.email,
      username: person.username,
      password: person.password,
    });
    expect(signup.status, signup.text).toBe(401);
    const key = verificationKeyIn(
      await app.mailbox.waitFor(person.email, { subject: /Confirm/, after: before }),
    );
    expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
    expect((await client.get('/api/v1/pad/')).status).toBe(200);
  });

  it('leaves a blob it cannot delete to the sweeper, and the account still goes', async () => {
    const person = await verifiedAccount(app);
    const userId = await userIdOf(app.db, person.email);
    const pad = (await person.client.post<Pad>('/api/v1/pad/', { name: 'Stuck' })).body;
    await uploadNote(person.client, pad.id);
    await storeModelBlobs(app, userId);
    const [audioKey] = await keysUnder(app.storage, `audio/${userId}/`);
    const realDelete = app.storage.delete.bind(app.storage);
    app.storage.delete = async (key) => {
      if (key === audioKey || key.startsWith(`adaptation/${userId}/`)) throw new Error('store unreachable');
      return realDelete(key);
    };
    try {
      expect((await person.client.delete(ACCOUNT)).status).toBe(204);
    } finally {
      app.storage.delete = realDelete;
    }
    expect((await rowsOf(app.db, userId))['users.id']).toBe(0);
    expect(await keysUnder(app.storage, `audio/${userId}/`)).toEqual([audioKey]);

    const quiet = () => undefined;
    const swept = await sweep(
      {
        db: app.db,
        storage: app.storage,
        queue: new TranscriptionQueue(app.db, currentBackend()),
        log: { info: quiet, warn: quiet },
        graceMs: 0,
      },
      Date.now() + 1000,
    );
    expect(swept.orphanedBlobs).toBeGreaterThanOrEqual(1);
    expect(swept.orphanedModelBlobs).toBeGreaterThanOrEqual(2);
    expect(await keysUnder(app.storage, `audio/${userId}/`)).toEqual([]);
    expect(await keysUnder(app.storage, `adaptation/${userId}/`)).toEqual([]);
  });
});

// Where blobs go does not depend on the database: S3 once, on SQLite.
describe.runIf(currentBackend() === 'sqlite')('deleting an account whose blobs are on S3', () => {
  let s3: S3TestServer;
  let server: TestApp;
  let bucket: string;
  beforeAll(async () => {
    s3 = await S3TestServer.start();
    bucket = await s3.newBucket();
    server = await startTestApp(s3.env(bucket));
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('removes its audio, upload parts and models from the bucket, and only those', async () => {
    const person = await verifiedAccount(server);
    const other = await verifiedAccount(server);
    const userId = await userIdOf(server.db, person.email);
    const otherId = await userIdOf(server.db, other.email);
    for (const [who, id] of [
      [person, userId],
      [other, otherId],
    ] as const) {
      const pad = (await who.client.post<Pad>('/api/v1/pad/', { name: 'On S3' })).body;
      await uploadNote(who.client, pad.id);
      await startUpload(who.client, pad.id);
      await storeModelBlobs(server, id);
    }
    const uploadOf = async (id: string) =>
      (
        await server.db
          .selectFrom('uploads')
          .select('id')
          .where('owner_id', '=', id)
          .executeTakeFirstOrThrow()
      ).id;
    const mineUpload = await uploadOf(userId);
    const otherKeys = [
      ...(await s3.keys(bucket, `audio/${otherId}/`)),
      ...(await s3.keys(bucket, `uploads/${await uploadOf(otherId)}/`)),
      ...(await s3.keys(bucket, `adaptation/${otherId}/`)),
    ];
    expect(otherKeys).toHaveLength(4);
    expect(await s3.keys(bucket, `uploads/${mineUpload}/`)).toHaveLength(1);

    expect((await person.client.delete(ACCOUNT)).status).toBe(204);
    expect(await s3.keys(bucket, `audio/${userId}/`)).toEqual([]);
    expect(await s3.keys(bucket, `uploads/${mineUpload}/`)).toEqual([]);
    expect(await s3.keys(bucket, `adaptation/${userId}/`)).toEqual([]);
    const left = await s3.keys(bucket);
    for (const key of otherKeys) expect(left).toContain(key);
  });
});
