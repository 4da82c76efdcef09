import type { Db } from '../db/database.ts';
import type { BlobStorage, StoredBlob } from '../storage/blob-storage.ts';
import { blobSha256 } from './blob-digest.ts';
import { eachConcurrently } from './each-concurrently.ts';
import { BLOB_CONCURRENCY } from './copy-blobs.ts';
import { countRows, type TablePlan } from './table-rows.ts';

/** Tables whose row counts differ between the two databases, as readable lines. */
export async function compareCounts(source: Db, target: Db, plans: readonly TablePlan[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { table } of plans) {
    const [from, to] = await Promise.all([countRows(source, table.name), countRows(target, table.name)]);
    if (from !== to) problems.push(`table ${table.name}: ${from} rows in the source, ${to} in the target`);
  }
  return problems;
}

/** Blobs whose SHA-256 differs (or that are missing) on the target, both sides streamed. */
export async function compareBlobs(
  source: BlobStorage,
  target: BlobStorage,
  blobs: readonly StoredBlob[],
  onBlob: () => void,
): Promise<string[]> {
  const problems: string[] = [];
  await eachConcurrently(blobs, BLOB_CONCURRENCY, async ({ key }) => {
    const [from, to] = await Promise.all([blobSha256(source, key), blobSha256(target, key)]);
    if (to === undefined) problems.push(`blob ${key}: missing on the target`);
    else if (from !== to) problems.push(`blob ${key}: SHA-256 differs (source ${from}, target ${to})`);
    onBlob();
  });
  return problems.sort();
}
