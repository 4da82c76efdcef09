import type { Db, Dialect } from '../db/database.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { removeAccountBlobs, type BlobRemovalLog } from './account-blobs.ts';
import { deleteAccountRows, type AccountHoldings } from './account-rows.ts';

export interface AccountDeletionDeps {
  db: Db;
  dialect: Dialect;
  storage: BlobStorage;
}

export interface DeletedAccount extends AccountHoldings {
  /** Blobs that could not be removed now; the sweeper and the upload expiry remove them later. */
  blobsLeft: number;
}

/**
 * Deletes the account and everything of it (ADR 0042): every row in one transaction, then,
 * once that is committed, its audio, upload parts and personal models. Undefined when the
 * account was gone already.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  log: BlobRemovalLog,
  userId: string,
): Promise<DeletedAccount | undefined> {
  const holdings = await deleteAccountRows(deps.db, deps.dialect, userId);
  if (!holdings) return undefined;
  const blobsLeft = await removeAccountBlobs(deps.storage, log, holdings);
  return { ...holdings, blobsLeft };
}
