import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { fileWithinQuota, type FilingSettings } from '../voice-notes/file-within-quota.ts';
import { uploadNotFound } from './upload-problems.ts';
import { deleteParts, storedParts, streamParts } from './upload-parts.ts';
import { deleteUpload, findOwnUpload } from './uploads-repository.ts';

export type FinishDeps = FilingSettings;

/**
 * Files a complete upload as a voice note: its parts, in order, go through the one module
 * that files voice notes (the same sniffing, duration and size rules as the raw upload),
 * then the storage quota is checked again as for any upload. Whatever happens, the upload's
 * record and parts are gone afterwards: on success the note holds the audio, on failure
 * nothing stays and the client is told why.
 */
export async function finishUpload(
  deps: FinishDeps,
  log: FastifyBaseLogger,
  ownerId: string,
  uploadId: string,
): Promise<VoiceNote> {
  const upload = await findOwnUpload(deps.db, ownerId, uploadId);
  // Removing the record claims the upload: a repeated final PATCH cannot file it twice.
  if (!upload || !(await deleteUpload(deps.db, uploadId))) throw uploadNotFound();
  let body: Readable | undefined;
  try {
    body = streamParts(deps.storage, await storedParts(deps.storage, uploadId, upload.offset_bytes));
    const input = {
      ownerId,
      padId: upload.pad_id,
      fileName: upload.file_name,
      body,
      speakersHint: upload.speakers_hint,
    };
    // Its bytes were counted as they came (admit-upload.ts): only the storage check is left.
    return await fileWithinQuota(deps, input, { log });
  } finally {
    body?.destroy();
    await deleteParts(deps.storage, uploadId).catch((err: unknown) =>
      log.warn({ err, uploadId }, 'could not delete the parts of a filed upload'),
    );
  }
}
