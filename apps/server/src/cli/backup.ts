/**
 * Backs up an installation into a new directory: the database (SQLite online backup, or
 * pg_dump for PostgreSQL when installed), every blob of the configured store with its
 * SHA-256, and a manifest:
 *
 *   npm run backup -- DIR        (same environment as the server: DATA_DIR, DATABASE_URL, S3_*)
 *
 * SQLite is copied consistently while the server runs. Exit codes: 0 done, 2 usage or
 * configuration error (or DIR not empty), 4 failed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../db/database.ts';
import { BackupError, PG_DUMP_FILE } from '../maintenance/backup-manifest.ts';
import { createBackup } from '../maintenance/create-backup.ts';
import { pgRestoreRecipe } from '../maintenance/pg-dump.ts';
import { createBlobStorage } from '../storage/create-blob-storage.ts';
import {
  asUsageError,
  isEntryPoint,
  loadCommandConfig,
  messageOf,
  USAGE_EXIT,
  UsageError,
} from './command-config.ts';
import { startProgress } from './progress.ts';

const USAGE = `Usage: npm run backup -- DIR

Writes a backup of this installation (DATA_DIR, DATABASE_URL and the S3_* settings, as for
the server) into DIR, a new or empty directory: the database, every audio file with its
SHA-256, and manifest.json. Restore it with npm run restore -- DIR.
`;

export const FAILED_EXIT = 4;

export async function main(
  argv = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let outDir: string;
  let config;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('Name one directory to write the backup to.');
    outDir = path.resolve(positionals[0] ?? '');
    config = loadCommandConfig(env);
  } catch (error) {
    const usage = asUsageError(error) ?? new UsageError(messageOf(error));
    process.stderr.write(`backup: ${usage.message}\n\n${USAGE}`);
    return USAGE_EXIT;
  }

  const db = createDatabase(config.database);
  const storage = createBlobStorage(config.storage);
  try {
    const manifest = await createBackup({
      database: config.database,
      db,
      dataDir: config.dataDir,
      storage,
      outDir,
      progress: (label, total) => startProgress(label, total),
      say: (line) => process.stderr.write(`${line}\n`),
    });
    const rows = Object.values(manifest.database.rows).reduce((sum, n) => sum + n, 0);
    process.stdout.write(`Backup written to ${outDir}: ${rows} rows, ${manifest.blobs.length} blobs.\n`);
    if (manifest.database.kind === 'postgres') {
      process.stdout.write(
        'The PostgreSQL database is restored with pg_restore, into an empty database:\n' +
          `  ${pgRestoreRecipe(path.join(outDir, manifest.database.file ?? PG_DUMP_FILE))}\n` +
          'then the audio with: npm run restore -- ' +
          `${outDir}\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      process.stderr.write(`backup: ${error.message}\n`);
      return USAGE_EXIT;
    }
    process.stderr.write(`backup: failed: ${messageOf(error)}\n`);
    return FAILED_EXIT;
  } finally {
    await db.destroy();
    storage.close?.();
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main();
}
