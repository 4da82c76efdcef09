/**
 * `npm run migrate-store`, the real command in its own process: a generated SQLite + local
 * files installation of 300 voice notes is copied to a fresh PostgreSQL database and a
 * bucket of a loopback S3 server (s3rver). Runs in the PostgreSQL project only: the command
 * always goes from SQLite to PostgreSQL, whichever backend the suite runs on.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { createDatabase, type Db } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import { COPIED_TABLES, SOURCE_ONLY_COLUMNS } from '../../src/migration/copied-tables.ts';
import { sha256Of } from '../../src/migration/blob-digest.ts';
import { LocalStorage } from '../../src/storage/local-storage.ts';
import type { S3Storage } from '../../src/storage/s3-storage.ts';
import { runCommand } from '../support/command.ts';
import { makeInstallation, sqliteEnv, SPOKEN, startApp, type Installation } from '../support/installation.ts';
import { S3TestServer } from '../support/s3-server.ts';
import { createPostgresDatabase, currentBackend } from '../support/test-database.ts';

const NOTES = 300;

describe.runIf(currentBackend() === 'postgres')('migrate-store: SQLite + files to PostgreSQL + S3', () => {
  let s3: S3TestServer;
  let install: Installation;
  let target: { url: string; drop: () => Promise<void> };
  let bucket: string;
  let source: Db;
  let copy: Db;
  let sourceBlobs: LocalStorage;
  let targetBlobs: S3Storage;
  let env: Record<string, string>;

  beforeAll(async () => {
    s3 = await S3TestServer.start();
    install = await makeInstallation(NOTES);
    target = await createPostgresDatabase();
    bucket = await s3.newBucket();
    env = { DATA_DIR: install.dataDir, DATABASE_URL: target.url, ...s3.env(bucket) };
    source = createDatabase({ kind: 'sqlite', file: path.join(install.dataDir, 'voxpad.sqlite') });
    copy = createDatabase({ kind: 'postgres', url: target.url });
    sourceBlobs = new LocalStorage(path.join(install.dataDir, 'blobs'));
    targetBlobs = s3.storage(bucket);
  }, 240_000);
  afterAll(async () => {
    await source?.destroy();
    await copy?.destroy();
    targetBlobs?.close?.();
    await target?.drop();
    await s3?.close();
    if (install) await fs.rm(install.dataDir, { recursive: true, force: true });
  });

  const migrate = (args: string[] = [], killWhen?: (line: string) => boolean) =>
    runCommand('migrate-store', args, env, killWhen);

  it(
    'resumes after being killed mid-rows and mid-blobs, then every row and blob matches',
    { timeout: 300_000 },
    async () => {
      const cutInRows = await migrate(['--batch-size', '25'], (line) => line.startsWith('rows voice_notes:'));
      expect(cutInRows.signal).toBe('SIGKILL');
      const notesCopied = await count(copy, 'voice_notes');
      expect(notesCopied).toBeGreaterThan(0);
      expect(notesCopied).toBeLessThan(NOTES);

      const cutInBlobs = await migrate([], (line) => line.startsWith('blobs:'));
      expect(cutInBlobs.signal).toBe('SIGKILL');
      const blobsCopied = (await bucketKeys(s3, bucket, await listKeys(sourceBlobs))).length;
      expect(blobsCopied).toBeGreaterThan(0);
      expect(blobsCopied).toBeLessThan(NOTES);

      const finished = await migrate();
      expect(finished.stderr).not.toMatch(/stopped|refus/i);
      expect(finished.code).toBe(0);
      expect(finished.stdout).toMatch(/^0 rows, \d+ blobs copied\./m);
      expect(finished.stdout).toContain('Verified');

      // Every row of every table, column by column (derived columns too: pad note counts,
      // pad-list versions), and every blob byte for byte.
      for (const { name, key } of COPIED_TABLES) {
        const [from, to] = await Promise.all([rowsOf(source, name, key), rowsOf(copy, name, key)]);
        expect(to, name).toEqual(from);
      }
      expect(await count(copy, 'voice_notes')).toBe(NOTES);
      const keys = (await listKeys(sourceBlobs)).sort();
      expect(keys.length).toBe(NOTES + 1);
      expect(await bucketKeys(s3, bucket, keys)).toEqual(keys);
      for (const key of keys) {
        expect(await sha256Of(await targetBlobs.get(key)), key).toBe(
          await sha256Of(await sourceBlobs.get(key)),
        );
      }
    },
  );

  it('copies nothing on a second run and verifies again', { timeout: 120_000 }, async () => {
    const again = await migrate();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0 rows, 0 blobs copied.');
    expect(again.stdout).toContain('Verified');
  });

  it(
    'fails verification, naming the blob, when a copied blob differs at the same size',
    { timeout: 120_000 },
    async () => {
      const key = (await listKeys(sourceBlobs)).sort()[0] ?? '';
      const original = Buffer.from(await sourceBlobs.read(key));
      const tampered = Buffer.from(original);
      tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 0xff;
      await targetBlobs.put(key, Readable.from([tampered]));
      try {
        const run = await migrate();
        expect(run.code).toBe(1);
        expect(run.stdout).toContain(`blob ${key}: SHA-256 differs`);
      } finally {
        await targetBlobs.put(key, Readable.from([original]));
      }
    },
  );

  it(
    'refuses a target holding a different row under a copied id, and writes nothing',
    { timeout: 120_000 },
    async () => {
      // A title: no trigger of the target copies it elsewhere, so this is the only difference.
      const note = await copy
        .selectFrom('voice_notes')
        .select(['id', 'title'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await copy
        .updateTable('voice_notes')
        .set({ title: 'Someone else’s note' })
        .where('id', '=', note.id)
        .execute();
      // A later table's row is missing: a refusal must come before any copying.
      const version = await copy
        .selectFrom('transcript_versions')
        .selectAll()
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await copy.deleteFrom('transcript_versions').where('id', '=', version.id).execute();
      try {
        const run = await migrate();
        expect(run.code).toBe(3);
        expect(run.stderr).toContain(`voice_notes row ${note.id} with different title`);
        expect(await count(copy, 'transcript_versions')).toBe(
          (await count(source, 'transcript_versions')) - 1,
        );
      } finally {
        await copy.insertInto('transcript_versions').values(version).execute();
        await copy.updateTable('voice_notes').set({ title: note.title }).where('id', '=', note.id).execute();
      }
    },
  );

  it('explains a missing target or source and exits 2', { timeout: 60_000 }, async () => {
    const noTarget = await runCommand('migrate-store', [], { DATA_DIR: install.dataDir });
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('No target database');
    const noSource = await migrate(['--from-data-dir', path.join(install.dataDir, 'missing')]);
    expect(noSource.code).toBe(2);
    expect(noSource.stderr).toContain('No Voxpad database at');
  });

  it('serves the same notes, audio and search from the copy', { timeout: 120_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(install.dataDir, 'server-'));
    const app = await startApp({ ...sqliteEnv(dataDir), DATABASE_URL: target.url, ...s3.env(bucket) });
    try {
      // Last: using the copy changes it (sessions are touched), after which migrate-store refuses it.
      // The person's session was copied too: the same cookie works on the new server.
      const cookie = [...install.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const get = (url: string) =>
        fetch(app.baseUrl + url, { headers: { cookie, accept: 'application/json' } });
      const list = (await (await get(`/api/v1/pad/${install.padId}/voicenote/`)).json()) as Page<VoiceNote>;
      expect(list.results.map((n) => n.id).sort()).toEqual(install.uploaded.map((n) => n.id).sort());
      for (const note of install.uploaded) {
        const audio = Buffer.from(await (await get(note.audio_url)).arrayBuffer());
        const key = (
          await source
            .selectFrom('voice_notes')
            .select('storage_key')
            .where('id', '=', note.id)
            .executeTakeFirstOrThrow()
        ).storage_key;
        expect(audio.equals(Buffer.from(await sourceBlobs.read(key)))).toBe(true);
      }
      const found = (await (
        await get(`/api/v1/search/voicenote/?q=${encodeURIComponent('migration')}`)
      ).json()) as Page<VoiceNoteSearchHit>;
      expect(found.results.map((hit) => hit.voice_note.id)).toEqual([install.uploaded[0]?.id]);
      expect(found.results[0]?.snippet?.text).toBe(SPOKEN);
    } finally {
      await app.close();
    }
  });
});

/**
 * The bucket's keys under the folders (`audio/<owner>/`, `uploads/<id>/`) of `sourceKeys`:
 * s3rver cannot list past 1,000 keys on Node 20 (its continuation token uses a cipher
 * OpenSSL 3 dropped), so the bucket is listed a folder at a time.
 */
async function bucketKeys(s3: S3TestServer, bucket: string, sourceKeys: string[]): Promise<string[]> {
  const folders = [...new Set(sourceKeys.map((key) => key.slice(0, key.lastIndexOf('/') + 1)))];
  const keys = await Promise.all(folders.map((folder) => s3.keys(bucket, folder)));
  return keys.flat().sort();
}

async function count(db: Db, table: keyof Database): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]?.n);
}

/** Every row of `table`, in key order, with numbers as numbers and without search bookkeeping. */
async function rowsOf(db: Db, table: string, key: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  const sorted = rows.sort((a, b) => (String(a[key]) < String(b[key]) ? -1 : 1));
  return sorted.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([column]) => !SOURCE_ONLY_COLUMNS.has(column) && column !== 'search_document')
        .map(([column, value]) => [column, typeof value === 'bigint' ? Number(value) : value]),
    ),
  );
}

async function listKeys(storage: LocalStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of storage.list('')) keys.push(blob.key);
  return keys;
}
