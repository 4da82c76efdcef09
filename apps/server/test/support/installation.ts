import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { newId } from '../../src/lib/ids.ts';
import { signedUpClient, type TestClient } from './http-client.ts';
import { toneWav } from './wav.ts';

/** The settings of a small SQLite + local-files server for these tests (no worker, no mail). */
export function sqliteEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ROLE: 'api',
    ACCOUNT_EMAIL_VERIFICATION: 'none',
    ACCOUNT_RATE_LIMITS: 'off',
    PASSWORD_HASH_COST: 'test',
    SWEEPER_INTERVAL_MINUTES: '0',
  };
}

export interface RunningApp extends App {
  baseUrl: string;
  close: () => Promise<void>;
}

/** A real server on a loopback port built from `env` alone (never the test project's backend). */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const built = await buildApp(loadConfig(env));
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { ...built, baseUrl: `http://127.0.0.1:${address.port}`, close: () => built.app.close() };
}

/** The transcript of the first uploaded note. */
export const SPOKEN = 'the migration keeps every single word';

export interface Installation {
  dataDir: string;
  /** A person who signed up and uploaded through the API; their session cookie is in the database. */
  client: TestClient;
  padId: string;
  /** Notes uploaded through the API, with their audio. */
  uploaded: VoiceNote[];
  /** Every voice note id, oldest first. */
  noteIds: string[];
}

/**
 * A SQLite + local-files installation with `notes` voice notes: a person signs up and uploads
 * a few notes through the API; the rest (more people, pads, notes with small real WAV files,
 * transcripts, earlier versions, sessions, tokens, addresses, a resumable upload's part) is
 * inserted directly, which is what makes a thousand notes quick to make.
 */
export async function makeInstallation(notes: number): Promise<Installation> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-install-'));
  const app = await startApp(sqliteEnv(dataDir));
  try {
    const { client } = await signedUpClient(app.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Uploaded' })).body;
    const uploaded: VoiceNote[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
        body: toneWav(0.1, 16000, 300 + i * 50),
        headers: {
          'content-type': 'audio/wav',
          'content-disposition': `attachment; filename="take-${i}.wav"`,
        },
      });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
      uploaded.push(res.body);
    }
    // Words of the vocabulary (migration 0018): one for the pad (copied after pads), one dismissal.
    for (const word of [
      { word: 'Varroa', pronunciation: 'V AE R OW AH', pad_id: pad.id },
      { word: 'Langstroth', pronunciation: 'L AE NG S T R AO TH' },
    ]) {
      const res = await client.post('/api/v1/vocabulary/', word);
      if (res.status !== 201) throw new Error(`adding a word answered ${res.status}: ${res.text}`);
    }
    await client.post('/api/v1/vocabulary/proposals/dismiss/', { word: 'nucs' });
    // One uploaded note has a transcript, for search to find on the copy.
    await app.db
      .updateTable('voice_notes')
      .set({
        status: 'done',
        transcript: SPOKEN,
        word_count: SPOKEN.split(' ').length,
        duration_seconds: 0.1,
      })
      .where('id', '=', at(uploaded, 0).id)
      .execute();
    await insertRows(app, notes - uploaded.length);
    const noteIds = (await app.db.selectFrom('voice_notes').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
    return { dataDir, client, padId: pad.id, uploaded, noteIds };
  } finally {
    await app.close();
  }
}

async function insertRows(app: App, notes: number): Promise<void> {
  const { db, storage } = app;
  const now = Date.now();
  const users = Array.from({ length: 5 }, (_, i) => {
    const name = `generated${i}${randomBytes(3).toString('hex')}`;
    return {
      id: newId(),
      username: name,
      username_key: name,
      email: `${name}@example.org`,
      email_key: `${name}@example.org`,
      email_verified: 1,
      password_hash: null,
      created_at: now,
      password_changed_at: now,
    };
  });
  await db.insertInto('users').values(users).execute();
  const pads = users.flatMap((user, u) =>
    Array.from({ length: 4 }, (_, p) => ({
      id: newId(),
      owner_id: user.id,
      name: `Pad ${u}.${p}`,
      description: p % 2 === 0 ? 'meetings and ideas' : '',
      icon: p === 1 ? '🎙' : null,
      created_at: now,
      updated_at: now,
    })),
  );
  await db.insertInto('pads').values(pads).execute();

  const versions = [];
  for (let i = 0; i < notes; i++) {
    const pad = at(pads, i % pads.length);
    const id = newId();
    const key = `audio/${pad.owner_id}/${id}.wav`;
    const audio = toneWav(0.02 + (i % 7) * 0.01, 8000, 200 + i);
    await storage.put(key, Readable.from([audio]));
    const done = i % 2 === 0;
    const text = done ? `note number ${i} about the quarterly plan` : null;
    await db
      .insertInto('voice_notes')
      .values({
        id,
        pad_id: pad.id,
        owner_id: pad.owner_id,
        title: `Note ${i}`,
        status: done ? 'done' : 'pending',
        failure_reason: null,
        content_type: 'audio/wav',
        size_bytes: audio.length,
        storage_key: key,
        duration_seconds: done ? 0.02 + (i % 7) * 0.01 : null,
        transcript: text,
        segments: done ? JSON.stringify([{ start: 0, end: 1, text, words: [] }]) : null,
        created_at: now + i,
        updated_at: now + i,
      })
      .execute();
    if (i % 10 === 0) {
      versions.push({
        id: newId(),
        voice_note_id: id,
        owner_id: pad.owner_id,
        text: `an earlier transcript of note ${i}`,
        segments: null,
        source: 'engine' as const,
        created_at: now,
      });
    }
  }
  await db.insertInto('transcript_versions').values(versions).execute();

  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  await db
    .insertInto('sessions')
    .values(
      users.map((user, i) => ({
        id: hash(`session ${user.id}`),
        user_id: user.id,
        data: JSON.stringify({ methods: [{ method: 'password', at: now }] }),
        user_agent: 'test',
        ip: '127.0.0.1',
        created_at: now,
        last_seen_at: now,
        expires_at: now + 86_400_000,
        authenticated_at: now,
        public_id: 1_000_000 + i,
      })),
    )
    .execute();
  await db
    .insertInto('api_tokens')
    .values(
      users.map((user) => ({
        id: newId(),
        user_id: user.id,
        name: 'laptop',
        token_hash: hash(`token ${user.id}`),
        created_at: now,
        last_used_at: null,
        expires_at: null,
      })),
    )
    .execute();
  await db
    .insertInto('email_addresses')
    .values(
      users.map((user) => ({
        id: newId(),
        user_id: user.id,
        email: `other.${user.email}`,
        email_key: `other.${user.email_key}`,
        verified: 0,
        created_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('rate_limit_hits')
    .values(
      users.map((user) => ({
        id: newId(),
        bucket: `upload:${hash(user.id)}`,
        at: now,
        expires_at: now + 3_600_000,
      })),
    )
    .execute();
  const owner = at(users, 0);
  await db
    .insertInto('social_accounts')
    .values({
      id: newId(),
      user_id: owner.id,
      provider: 'github',
      uid: '4242',
      email: owner.email,
      display: owner.username,
      created_at: now,
      last_login_at: now,
    })
    .execute();
  const uploadId = newId();
  await db
    .insertInto('uploads')
    .values({
      id: uploadId,
      owner_id: owner.id,
      pad_id: at(pads, 0).id,
      file_name: 'long.wav',
      file_type: 'audio/wav',
      length_bytes: 10_000,
      offset_bytes: 4_000,
      created_at: now,
      updated_at: now,
      expires_at: now + 86_400_000,
    })
    .execute();
  await storage.put(`uploads/${uploadId}/000000000000000.part`, Readable.from([randomBytes(4_000)]));
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}
