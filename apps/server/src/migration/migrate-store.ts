import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { copyBlobs, listBlobs } from './copy-blobs.ts';
import { checkNoConflicts, copyRows } from './copy-rows.ts';
import { planTables } from './table-plans.ts';
import { countRows } from './table-rows.ts';
import { compareBlobs, compareCounts } from './verify-copy.ts';

export interface ProgressLike {
  advance(by?: number): void;
  done(): void;
}

export interface MigrateStoreDeps {
  source: Db;
  target: Db;
  sourceBlobs: BlobStorage;
  /** Undefined: the audio stays where it is (the target store is the source's own directory). */
  targetBlobs: BlobStorage | undefined;
  batchSize: number;
  progress: (label: string, total: number) => ProgressLike;
  say: (line: string) => void;
}

export interface MigrateStoreResult {
  rowsCopied: number;
  blobsCopied: number;
  /** What verification found different; empty when the target matches the source. */
  problems: string[];
}

/**
 * Copies an installation's rows and audio to another database and store, then proves the
 * copy: equal row counts per table and equal SHA-256 for every blob. Idempotent: rows go in
 * by primary key and blobs only when missing or cut short, so a second or interrupted run
 * picks up where the last one stopped. Refuses (TargetConflictError) a target holding rows
 * that are not copies of the source's.
 */
export async function migrateStore(deps: MigrateStoreDeps): Promise<MigrateStoreResult> {
  const { source, target } = deps;
  // The source is brought up to date as the server would on its next start.
  await migrateToLatest(source);
  const applied = await migrateToLatest(target);
  if (applied.length > 0) deps.say(`Target database: applied ${applied.length} migration(s).`);
  const plans = await planTables(source, target);

  const totals = new Map<string, number>();
  for (const plan of plans) totals.set(plan.table.name, await countRows(source, plan.table.name));

  for (const plan of plans) {
    if ((await countRows(target, plan.table.name)) === 0) continue;
    const task = deps.progress(`check ${plan.table.name}`, totals.get(plan.table.name) ?? 0);
    await checkNoConflicts(source, target, plan, {
      batchSize: deps.batchSize,
      onBatch: (n) => task.advance(n),
    });
    task.done();
  }

  let rowsCopied = 0;
  for (const plan of plans) {
    const task = deps.progress(`rows ${plan.table.name}`, totals.get(plan.table.name) ?? 0);
    rowsCopied += await copyRows(source, target, plan, {
      batchSize: deps.batchSize,
      onBatch: (n) => task.advance(n),
    });
    task.done();
  }

  let blobsCopied = 0;
  const blobProblems: string[] = [];
  if (deps.targetBlobs) {
    const blobs = await listBlobs(deps.sourceBlobs);
    const copying = deps.progress('blobs', blobs.length);
    blobsCopied = await copyBlobs(deps.sourceBlobs, deps.targetBlobs, blobs, () => copying.advance());
    copying.done();
    const verifying = deps.progress('verify blobs', blobs.length);
    blobProblems.push(
      ...(await compareBlobs(deps.sourceBlobs, deps.targetBlobs, blobs, () => verifying.advance())),
    );
    verifying.done();
  } else {
    deps.say('Audio: the target store is the source directory itself; nothing to copy.');
  }
  const countProblems = await compareCounts(source, target, plans);
  return { rowsCopied, blobsCopied, problems: [...countProblems, ...blobProblems] };
}
