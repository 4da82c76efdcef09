/**
 * Copies a SQLite + local-files installation to PostgreSQL and the configured blob store
 * (S3 when S3_BUCKET is set), then verifies row counts and the SHA-256 of every blob:
 *
 *   npm run migrate-store -- [--from-data-dir DIR] [--to-database-url postgres://...]
 *
 * Stop the server first. Safe to re-run and to interrupt: a second run copies nothing that
 * is already there and verifies again. Exit codes: 0 copied and verified, 1 verification
 * failed, 2 usage or configuration error, 3 refused (the target holds other data), 4 the copy
 * stopped on an error (e.g. a database or store unreachable; run it again).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, type Db } from '../db/database.ts';
import { TargetConflictError } from '../migration/copy-rows.ts';
import { migrateStore } from '../migration/migrate-store.ts';
import { SchemaMismatchError } from '../migration/table-plans.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
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

const USAGE = `Usage: npm run migrate-store -- [options]

Copies a SQLite + local-files Voxpad installation to PostgreSQL and the configured audio
store (S3_BUCKET and the other S3_* settings), then verifies every row count and blob.

  --from-data-dir DIR        the installation to copy (default: DATA_DIR)
  --to-database-url URL      the PostgreSQL database to fill (default: DATABASE_URL)
  --batch-size N             rows per transaction, 1-2000 (default: 500)
  --help                     show this text
`;

export const VERIFY_FAILED_EXIT = 1;
export const CONFLICT_EXIT = 3;
export const FAILED_EXIT = 4;

interface Options {
  sourceFile: string;
  sourceBlobsDir: string;
  targetUrl: string;
  batchSize: number;
  targetStorage: ReturnType<typeof loadCommandConfig>['storage'];
}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'from-data-dir': { type: 'string' },
        'to-database-url': { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  if (values.help) return 'help';
  const target = loadCommandConfig({
    ...env,
    ...(values['to-database-url'] ? { DATABASE_URL: values['to-database-url'] } : {}),
  });
  if (target.database.kind !== 'postgres') {
    throw new UsageError(
      'No target database: pass --to-database-url postgres://... or set DATABASE_URL to the PostgreSQL database to copy to.',
    );
  }
  const source = loadCommandConfig({
    ...env,
    DATABASE_URL: undefined,
    DATA_DIR: values['from-data-dir'] ?? env.DATA_DIR,
  });
  if (source.database.kind !== 'sqlite') throw new UsageError('The source must be a SQLite installation.');
  if (!fs.existsSync(source.database.file)) {
    throw new UsageError(
      `No Voxpad database at ${source.database.file}: pass --from-data-dir with the DATA_DIR of the installation to copy.`,
    );
  }
  const batchSize = Number(values['batch-size'] ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 2000) {
    throw new UsageError('--batch-size must be a whole number from 1 to 2000.');
  }
  return {
    sourceFile: source.database.file,
    sourceBlobsDir: path.join(source.dataDir, 'blobs'),
    targetUrl: target.database.url,
    batchSize,
    targetStorage: target.storage,
  };
}

export async function main(
  argv = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let options;
  try {
    options = parseOptions(argv, env);
  } catch (error) {
    const usage = asUsageError(error);
    if (!usage) throw error;
    process.stderr.write(`migrate-store: ${usage.message}\n\n${USAGE}`);
    return USAGE_EXIT;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }

  const opened: { dbs: Db[]; stores: BlobStorage[] } = { dbs: [], stores: [] };
  try {
    const source = createDatabase({ kind: 'sqlite', file: options.sourceFile });
    opened.dbs.push(source);
    const target = createDatabase({ kind: 'postgres', url: options.targetUrl });
    opened.dbs.push(target);
    const sourceBlobs = createBlobStorage({ kind: 'local', dir: options.sourceBlobsDir });
    opened.stores.push(sourceBlobs);
    const sameDir =
      options.targetStorage.kind === 'local' &&
      path.resolve(options.targetStorage.dir) === path.resolve(options.sourceBlobsDir);
    const targetBlobs = sameDir ? undefined : createBlobStorage(options.targetStorage);
    if (targetBlobs) opened.stores.push(targetBlobs);

    const result = await migrateStore({
      source,
      target,
      sourceBlobs,
      targetBlobs,
      batchSize: options.batchSize,
      progress: (label, total) => startProgress(label, total),
      say: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`${result.rowsCopied} rows, ${result.blobsCopied} blobs copied.\n`);
    if (result.problems.length > 0) {
      process.stdout.write(
        `Verification failed: ${result.problems.length} difference(s) between source and target:\n` +
          result.problems.map((p) => `  - ${p}\n`).join('') +
          'Run the command again to copy what is missing; a blob whose content differs at the same size ' +
          'must be removed from the target first.\n',
      );
      return VERIFY_FAILED_EXIT;
    }
    process.stdout.write(
      'Verified: every table has the same number of rows and every blob the same SHA-256.\n',
    );
    return 0;
  } catch (error) {
    if (error instanceof TargetConflictError || error instanceof SchemaMismatchError) {
      process.stderr.write(`migrate-store: ${error.message}\n`);
      return CONFLICT_EXIT;
    }
    process.stderr.write(
      `migrate-store: stopped: ${messageOf(error)}\nNothing copied so far is lost; run the command again to continue.\n`,
    );
    return FAILED_EXIT;
  } finally {
    for (const db of opened.dbs) await db.destroy();
    for (const store of opened.stores) store.close?.();
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main();
}
