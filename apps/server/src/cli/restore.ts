/**
 * Restores a backup made by `npm run backup` into an empty DATA_DIR and the configured store:
 *
 *   npm run restore -- DIR [--force]   (same environment as the server: DATA_DIR, S3_*)
 *
 * Stop the server first. The backup's checksums are verified before anything is written and
 * the restored blobs and row counts after. A PostgreSQL backup restores the audio and prints
 * the pg_restore command for the database. Exit codes: 0 restored and verified, 1 the backup
 * is damaged or the restored copy differs, 2 usage error or refused (DATA_DIR not empty
 * without --force), 4 failed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../maintenance/backup-manifest.ts';
import { restoreBackup, RestoreRefusedError } from '../maintenance/restore-backup.ts';
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

const USAGE = `Usage: npm run restore -- DIR [--force]

Restores the backup in DIR into DATA_DIR (which must be empty) and the configured audio
store (S3_* settings, as for the server). Stop the server first.

  --force    replace the database, audio and key DATA_DIR (and the store) already hold
`;

export const VERIFY_FAILED_EXIT = 1;
export const FAILED_EXIT = 4;

export async function main(
  argv = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let backupDir: string;
  let force: boolean;
  let config;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('Name the backup directory to restore.');
    backupDir = path.resolve(positionals[0] ?? '');
    force = values.force ?? false;
    config = loadCommandConfig(env);
  } catch (error) {
    const usage = asUsageError(error) ?? new UsageError(messageOf(error));
    process.stderr.write(`restore: ${usage.message}\n\n${USAGE}`);
    return USAGE_EXIT;
  }

  const storageSettings = config.storage;
  try {
    const { manifest, problems } = await restoreBackup({
      backupDir,
      dataDir: config.dataDir,
      database: config.database,
      openStorage: () => createBlobStorage(storageSettings),
      force,
      progress: (label, total) => startProgress(label, total),
      say: (line) => process.stderr.write(`${line}\n`),
    });
    if (problems.length > 0) {
      process.stdout.write(
        `Verification failed after restoring:\n${problems.map((p) => `  - ${p}\n`).join('')}`,
      );
      return VERIFY_FAILED_EXIT;
    }
    process.stdout.write(
      `Restored ${manifest.blobs.length} blobs${manifest.database.kind === 'sqlite' ? ' and the database' : ''} ` +
        `into ${config.dataDir}; every checksum matches.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      process.stderr.write(`restore: ${error.message}\n`);
      return USAGE_EXIT;
    }
    if (error instanceof BackupError) {
      process.stderr.write(`restore: ${error.message}\n`);
      return VERIFY_FAILED_EXIT;
    }
    process.stderr.write(`restore: failed: ${messageOf(error)}\n`);
    return FAILED_EXIT;
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main();
}
