import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSettings } from '../db/database.ts';
import { SECRET_KEY_FILE } from '../config/secret-key.ts';
import { blobSha256, sha256Of } from '../migration/blob-digest.ts';
import { eachConcurrently } from '../migration/each-concurrently.ts';
import type { ProgressLike } from '../migration/migrate-store.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { assertValidKey } from '../storage/storage-keys.ts';
import {
  BackupError,
  BLOBS_DIR,
  PG_DUMP_FILE,
  readManifest,
  type BackupManifest,
} from './backup-manifest.ts';
import { sqliteRowCounts } from './create-backup.ts';
import { pgRestoreRecipe } from './pg-dump.ts';

/** The backup cannot go where it was asked to (a non-empty DATA_DIR, another kind of database). */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreDeps {
  backupDir: string;
  dataDir: string;
  database: DatabaseSettings;
  /** Made only once DATA_DIR has been checked: a local store creates its directory. */
  openStorage: () => BlobStorage;
  /** Replace what DATA_DIR (and the store) already hold. */
  force: boolean;
  progress: (label: string, total: number) => ProgressLike;
  say: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Differences found after restoring; empty when everything matches the manifest. */
  problems: string[];
}

/**
 * Restores a backup directory into DATA_DIR and the configured store. Every blob of the
 * backup is checked against the manifest before anything is written (a damaged backup is
 * refused whole), and every restored blob and table count is checked again afterwards.
 */
export async function restoreBackup(deps: RestoreDeps): Promise<RestoreResult> {
  const manifest = await readManifest(deps.backupDir);
  if (manifest.database.kind === 'sqlite' && deps.database.kind !== 'sqlite') {
    throw new RestoreRefusedError(
      'This is a backup of a SQLite installation but DATABASE_URL is set: unset it to restore into DATA_DIR ' +
        '(then move to PostgreSQL with npm run migrate-store).',
    );
  }
  await checkBackupBlobs(deps, manifest);
  await ensureEmptyDataDir(deps);

  const problems: string[] = [];
  await fsp.mkdir(deps.dataDir, { recursive: true });
  if (manifest.database.kind === 'sqlite' && deps.database.kind === 'sqlite') {
    problems.push(...(await restoreSqlite(deps, manifest, deps.database.file)));
  }
  const storage = deps.openStorage();
  try {
    if (!deps.force && (await hasAnyBlob(storage))) {
      throw new RestoreRefusedError(
        'The configured audio store already holds blobs: restore into an empty bucket, or pass --force to overwrite.',
      );
    }
    problems.push(...(await restoreBlobs(deps, manifest, storage)));
  } finally {
    storage.close?.();
  }
  if (manifest.secretKeyFile) {
    const target = path.join(deps.dataDir, SECRET_KEY_FILE);
    await fsp.copyFile(path.join(deps.backupDir, manifest.secretKeyFile), target);
    await fsp.chmod(target, 0o600);
  }
  if (manifest.database.kind === 'postgres') {
    const dump = path.join(deps.backupDir, manifest.database.file ?? PG_DUMP_FILE);
    deps.say(
      `Audio restored. Restore the PostgreSQL database yourself, into an empty database:\n  ${pgRestoreRecipe(dump)}`,
    );
  }
  return { manifest, problems };
}

/** Refuses a damaged backup before anything is written: every blob file against its SHA-256. */
async function checkBackupBlobs(deps: RestoreDeps, manifest: BackupManifest): Promise<void> {
  const damaged: string[] = [];
  const task = deps.progress('check backup', manifest.blobs.length);
  await eachConcurrently(manifest.blobs, 8, async ({ key, sha256 }) => {
    assertValidKey(key);
    const file = path.join(deps.backupDir, BLOBS_DIR, key);
    const actual = fs.existsSync(file) ? await sha256Of(fs.createReadStream(file)) : undefined;
    if (actual !== sha256) damaged.push(`${key}: ${actual ? 'SHA-256 differs' : 'missing'}`);
    task.advance();
  });
  task.done();
  if (damaged.length > 0) {
    throw new BackupError(
      `The backup is damaged: ${damaged.length} blob(s) do not match the manifest, e.g.\n` +
        damaged
          .sort()
          .slice(0, 10)
          .map((d) => `  - ${d}`)
          .join('\n'),
    );
  }
}

async function ensureEmptyDataDir(deps: RestoreDeps): Promise<void> {
  const entries = await fsp.readdir(deps.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0 && !deps.force) {
    throw new RestoreRefusedError(
      `DATA_DIR ${deps.dataDir} is not empty: restore into a new directory, or pass --force to replace its database, audio and key.`,
    );
  }
}

async function restoreSqlite(deps: RestoreDeps, manifest: BackupManifest, file: string): Promise<string[]> {
  const from = path.join(deps.backupDir, manifest.database.file ?? '');
  if (!manifest.database.file || !fs.existsSync(from)) {
    throw new BackupError(`The backup has no database file (${from}): it is damaged.`);
  }
  for (const suffix of ['', '-wal', '-shm']) await fsp.rm(`${file}${suffix}`, { force: true });
  const temp = `${file}.restoring`;
  await fsp.copyFile(from, temp);
  await fsp.rename(temp, file);
  const restored = sqliteRowCounts(file);
  return Object.entries(manifest.database.rows).flatMap(([table, rows]) =>
    restored[table] === rows
      ? []
      : [`table ${table}: ${rows} rows in the backup, ${restored[table] ?? 0} restored`],
  );
}

async function hasAnyBlob(storage: BlobStorage): Promise<boolean> {
  for await (const blob of storage.list('')) return Boolean(blob);
  return false;
}

async function restoreBlobs(
  deps: RestoreDeps,
  manifest: BackupManifest,
  storage: BlobStorage,
): Promise<string[]> {
  const writing = deps.progress('blobs', manifest.blobs.length);
  await eachConcurrently(manifest.blobs, 8, async ({ key }) => {
    await storage.put(key, fs.createReadStream(path.join(deps.backupDir, BLOBS_DIR, key)));
    writing.advance();
  });
  writing.done();
  const problems: string[] = [];
  const verifying = deps.progress('verify blobs', manifest.blobs.length);
  await eachConcurrently(manifest.blobs, 8, async ({ key, sha256 }) => {
    const actual = await blobSha256(storage, key);
    if (actual !== sha256)
      problems.push(`blob ${key}: ${actual ? 'SHA-256 differs' : 'missing'} after restoring`);
    verifying.advance();
  });
  verifying.done();
  return problems.sort();
}
