import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { SECRET_KEY_FILE } from '../config/secret-key.ts';
import type { DatabaseSettings, Db } from '../db/database.ts';
import { COPIED_TABLES } from '../migration/copied-tables.ts';
import { listBlobs } from '../migration/copy-blobs.ts';
import { eachConcurrently } from '../migration/each-concurrently.ts';
import type { ProgressLike } from '../migration/migrate-store.ts';
import { countRows } from '../migration/table-rows.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import {
  BackupError,
  BLOBS_DIR,
  PG_DUMP_FILE,
  SQLITE_FILE,
  writeManifest,
  type BackupManifest,
} from './backup-manifest.ts';
import { hasCommand, pgDumpRecipe, runPgDump } from './pg-dump.ts';

export interface BackupDeps {
  database: DatabaseSettings;
  db: Db;
  dataDir: string;
  storage: BlobStorage;
  /** A new or empty directory the backup is written to. */
  outDir: string;
  progress: (label: string, total: number) => ProgressLike;
  say: (line: string) => void;
}

/**
 * Writes a backup directory: the database (SQLite's online backup API, which copies a
 * consistent snapshot while the server keeps running; pg_dump for PostgreSQL when it is
 * installed), every blob of the configured store with its SHA-256, DATA_DIR/secret-key if
 * the server made one, and manifest.json last.
 */
export async function createBackup(deps: BackupDeps): Promise<BackupManifest> {
  await ensureEmptyDir(deps.outDir);
  await fsp.mkdir(path.join(deps.outDir, BLOBS_DIR), { recursive: true });

  const database = await backUpDatabase(deps);
  const blobs = await backUpBlobs(deps);
  const secretKeyFile = await copySecretKey(deps.dataDir, deps.outDir);
  const manifest: BackupManifest = {
    format: 'voxpad-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    secretKeyFile,
    blobs,
  };
  await writeManifest(deps.outDir, manifest);
  return manifest;
}

async function ensureEmptyDir(dir: string): Promise<void> {
  const entries = await fsp.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) {
    throw new BackupError(`${dir} is not empty: give the backup a new directory, e.g. backups/$(date +%F).`);
  }
}

async function backUpDatabase(deps: BackupDeps): Promise<BackupManifest['database']> {
  if (deps.database.kind === 'sqlite') {
    const target = path.join(deps.outDir, SQLITE_FILE);
    const live = new SQLite(deps.database.file, { fileMustExist: true });
    deps.say('Copying the SQLite database (online backup)...');
    try {
      await live.backup(target);
    } finally {
      live.close();
    }
    return { kind: 'sqlite', file: SQLITE_FILE, rows: sqliteRowCounts(target) };
  }
  const rows: Record<string, number> = {};
  for (const { name } of COPIED_TABLES) rows[name] = await countRows(deps.db, name);
  if (!hasCommand('pg_dump')) {
    const recipe = pgDumpRecipe(deps.database.url, path.join(deps.outDir, PG_DUMP_FILE));
    deps.say(`pg_dump is not installed here: back the database up yourself with\n  ${recipe}`);
    return { kind: 'postgres', file: null, rows };
  }
  deps.say('Dumping the PostgreSQL database with pg_dump...');
  await runPgDump(deps.database.url, path.join(deps.outDir, PG_DUMP_FILE));
  return { kind: 'postgres', file: PG_DUMP_FILE, rows };
}

/** Rows per table of a SQLite database file, opened read-only. */
export function sqliteRowCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows: Record<string, number> = {};
    for (const { name } of COPIED_TABLES) {
      rows[name] = Number(db.prepare(`select count(*) from "${name}"`).pluck().get());
    }
    return rows;
  } finally {
    db.close();
  }
}

async function backUpBlobs(deps: BackupDeps): Promise<BackupManifest['blobs']> {
  const blobs = await listBlobs(deps.storage);
  const task = deps.progress('blobs', blobs.length);
  const saved: BackupManifest['blobs'] = [];
  await eachConcurrently(blobs, 8, async ({ key }) => {
    const file = path.join(deps.outDir, BLOBS_DIR, key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const hash = createHash('sha256');
    let sizeBytes = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        sizeBytes += chunk.length;
        callback(null, chunk);
      },
    });
    await pipeline(await deps.storage.get(key), hashing, fs.createWriteStream(file));
    saved.push({ key, sizeBytes, sha256: hash.digest('hex') });
    task.advance();
  });
  task.done();
  return saved.sort((a, b) => (a.key < b.key ? -1 : 1));
}

async function copySecretKey(dataDir: string, outDir: string): Promise<string | null> {
  const source = path.join(dataDir, SECRET_KEY_FILE);
  if (!fs.existsSync(source)) return null;
  const target = path.join(outDir, SECRET_KEY_FILE);
  await fsp.copyFile(source, target);
  await fsp.chmod(target, 0o600);
  return SECRET_KEY_FILE;
}
