import type { Db } from '../db/database.ts';
import type { UploadRow } from '../db/schema.ts';
import type { ApiProblem } from '../http/api-problem.ts';
import type { QuotaGuard } from '../quotas/quota-guard.ts';
import { tooManyOpenUploads, uploadExpired, uploadOutlived } from './upload-problems.ts';
import { countOpenUploads } from './uploads-repository.ts';

/**
 * What bounds the uploads an account leaves unfinished (ADR 0029): how many it may hold at
 * once, how long one may go without bytes, and how long one may live at all. Their room in
 * the storage quota is the quota's own business (QuotaGuard counts their declared length).
 */
export interface OpenUploadLimits {
  /** UPLOADS_OPEN_PER_USER. */
  perUser: number;
  /** UPLOAD_EXPIRY_HOURS: an upload that receives no bytes this long expires. */
  idleMs: number;
  /** UPLOAD_MAX_LIFETIME_HOURS: an upload expires this long after it was created, however busy. */
  maxLifetimeMs: number;
}

/**
 * When an upload expires: `idleMs` after its last write, and never later than `maxLifetimeMs`
 * after it was created, so writing to it cannot keep it forever. The row's `expires_at` holds
 * this; the route answers 410 and the sweeper removes the upload once it is past.
 */
export function expiryOf(limits: OpenUploadLimits, createdAt: number, lastWriteAt: number): number {
  return Math.min(lastWriteAt + limits.idleMs, createdAt + limits.maxLifetimeMs);
}

/** The 410 for an expired upload, saying which of its limits ended it. */
export function expiredProblem(limits: OpenUploadLimits, upload: UploadRow): ApiProblem {
  return upload.expires_at >= upload.created_at + limits.maxLifetimeMs
    ? uploadOutlived(limits.maxLifetimeMs)
    : uploadExpired(limits.idleMs);
}

export interface OpenUploadDeps {
  db: Db;
  quotas: QuotaGuard;
}

/** Refuses a new upload before anything is recorded when the owner holds as many as they may. */
export async function admitOpenUpload(db: Db, limits: OpenUploadLimits, ownerId: string): Promise<void> {
  if ((await countOpenUploads(db, ownerId, Date.now())) + 1 > limits.perUser) {
    throw tooManyOpenUploads(limits.perUser);
  }
}

/**
 * Checked once the new upload is recorded, counted with the rest: creations racing each
 * other may each have fitted alone. Throws the refusal (the caller removes the upload), so
 * racing requests can only be refused too eagerly, never admitted too often.
 */
export async function confirmOpenUpload(
  deps: OpenUploadDeps,
  limits: OpenUploadLimits,
  ownerId: string,
  lengthBytes: number,
): Promise<void> {
  if ((await countOpenUploads(deps.db, ownerId, Date.now())) > limits.perUser) {
    throw tooManyOpenUploads(limits.perUser);
  }
  const overflow = await deps.quotas.overflow(ownerId, lengthBytes);
  if (overflow) throw overflow;
}
