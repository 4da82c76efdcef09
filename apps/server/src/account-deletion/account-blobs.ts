import { removeModels, userModelPrefix } from '../adaptation/storage/model-blobs.ts';
import { ConcurrencyLimit } from '../lib/concurrency-limit.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { deleteParts, uploadPrefix } from '../uploads/upload-parts.ts';
import type { AccountHoldings } from './account-rows.ts';

export interface BlobRemovalLog {
  warn(details: object, message: string): void;
}

/** Deletes at once, without hogging the store's connections. */
const PARALLEL_DELETES = 8;

/** Where a person's audio lives (voice-notes/file-voice-note.ts): `audio/<owner>/<note>.<ext>`. */
const audioPrefix = (userId: string) => `audio/${userId}/`;

/**
 * Removes what a deleted account kept in blob storage: its notes' audio (also audio under its
 * folder that no note pointed at any more), the parts of its unfinished uploads and its
 * personal models. Runs after the rows are committed, so a failure here never brings an
 * account back. What cannot be removed now is logged and left to the clean-ups that already
 * look for blobs nothing refers to: the sweeper (audio, models) and the upload expiry (parts).
 * Returns how many removals failed.
 */
export async function removeAccountBlobs(
  storage: BlobStorage,
  log: BlobRemovalLog,
  holdings: AccountHoldings,
): Promise<number> {
  const limit = new ConcurrencyLimit(PARALLEL_DELETES);
  let failed = 0;
  const attempt = (what: string, remove: () => Promise<unknown>) =>
    limit.run(async () => {
      try {
        await remove();
      } catch (err) {
        failed++;
        log.warn(
          { err, userId: holdings.userId, what },
          'could not delete a deleted account’s blob; the sweeper will',
        );
      }
    });

  const audio = new Set(holdings.audioKeys);
  await attempt(audioPrefix(holdings.userId), async () => {
    for await (const blob of storage.list(audioPrefix(holdings.userId))) audio.add(blob.key);
  });
  await Promise.all([
    ...[...audio].map((key) => attempt(key, () => storage.delete(key))),
    ...holdings.uploadIds.map((id) => attempt(uploadPrefix(id), () => deleteParts(storage, id))),
    attempt(userModelPrefix(holdings.userId), () => removeModels(storage, holdings.userId)),
  ]);
  return failed;
}
