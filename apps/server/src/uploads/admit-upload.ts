import type { Upload } from '@tus/utils';
import { uploadMetadataSchema, type UploadMetadata } from '@voxpad/shared/uploads';
import type { Db } from '../db/database.ts';
import { notFound, parseInput } from '../http/api-problem.ts';
import { padExists } from '../pads/pads-repository.ts';
import type { QuotaGuard } from '../quotas/quota-guard.ts';
import { admitOpenUpload, type OpenUploadLimits } from './open-upload-limits.ts';
import { emptyUpload, unsupportedAudio } from '../voice-notes/upload-problems.ts';
import { ACCEPTED_TYPE } from '../voice-notes/upload-voice-note.ts';

export interface AdmitDeps {
  db: Db;
  quotas: QuotaGuard;
  limits: OpenUploadLimits;
}

/**
 * Decides whether an upload may start, before any byte is stored: its metadata names the
 * caller's pad, a file name and an audio type, it is not empty (tus refuses a length past
 * UPLOAD_MAX_BYTES before this runs), the caller holds fewer unfinished uploads than they
 * may, and the caller's quotas admit it: its declared length fits in the storage left beside
 * the notes and the other unfinished uploads. The upload counts against the uploads per hour
 * and reserves its whole length in the bytes per hour now.
 */
export async function admitUpload(deps: AdmitDeps, ownerId: string, upload: Upload): Promise<UploadMetadata> {
  const metadata = parseInput(uploadMetadataSchema, upload.metadata);
  const declaredType = metadata.filetype.split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTED_TYPE.test(declaredType)) throw unsupportedAudio();
  if (upload.size === 0) throw emptyUpload();
  if (!(await padExists(deps.db, ownerId, metadata.pad_id))) throw notFound('This pad');
  await admitOpenUpload(deps.db, deps.limits, ownerId);
  const allowance = await deps.quotas.admitUpload(ownerId, upload.size, { stores: true });
  // The length is exact (the last PATCH must reach it), so the reservation is what it weighs.
  if (upload.size !== undefined) await allowance.accepted(upload.size);
  return metadata;
}
