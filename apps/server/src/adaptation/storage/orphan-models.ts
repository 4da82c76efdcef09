import type { Db } from '../../db/database.ts';
import type { BlobStorage } from '../../storage/blob-storage.ts';

const PREFIX = 'adaptation/';

/**
 * Removes stored builds no state row points at, older than `cutoff` (a build being written has
 * no row pointing at it yet): builds of deleted accounts (the row went with the user), builds
 * replaced or abandoned by a builder that crashed. Returns how many blobs went.
 */
export async function removeOrphanModels(db: Db, storage: BlobStorage, cutoff: number): Promise<number> {
  const current = new Set(
    (
      await db
        .selectFrom('adaptation_states')
        .select(['user_id', 'build_id'])
        .where('build_id', 'is not', null)
        .execute()
    ).map((row) => `${PREFIX}${row.user_id}/${row.build_id}/`),
  );
  const orphans: string[] = [];
  for await (const blob of storage.list(PREFIX)) {
    const build = blob.key.split('/').slice(0, 3).join('/') + '/';
    if (blob.modifiedAt < cutoff && !current.has(build)) orphans.push(blob.key);
  }
  for (const key of orphans) await storage.delete(key);
  return orphans.length;
}
