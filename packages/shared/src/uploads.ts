import { z } from 'zod';
import { speakersHintTextSchema } from './speakers.ts';

/**
 * Resumable uploads (tus 1.0.0, ADR 0018). A client creates an upload at UPLOADS_PATH with
 * this metadata, sends the bytes in PATCH requests and, after the last one, finds the filed
 * voice note's id in the VOICE_NOTE_ID_HEADER of that PATCH's answer.
 */
export const UPLOADS_PATH = '/api/v1/uploads/';

/** Names the voice note the final PATCH filed. */
export const VOICE_NOTE_ID_HEADER = 'Voxpad-Voice-Note-Id';

/**
 * What a client should send per PATCH. A PATCH cut off part-way keeps what arrived; the
 * chunk size bounds how much a client re-reads from its own storage when it resumes.
 */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;

/** The tus `Upload-Metadata` an upload is created with. */
export const uploadMetadataSchema = z.object({
  pad_id: z.string({ error: 'Say which pad the recording goes to (pad_id).' }).min(1),
  filename: z
    .string({ error: 'Name the file (filename), e.g. recording.webm.' })
    .min(1, 'Name the file (filename), e.g. recording.webm.')
    .max(255, 'The file name is too long: keep it under 255 characters.'),
  filetype: z
    .string({ error: 'Give the file’s type (filetype), e.g. audio/webm.' })
    .min(1, 'Give the file’s type (filetype), e.g. audio/webm.'),
  /** How many people speak: "auto" (the default) or "1".."8" (ADR 0053). */
  speakers: speakersHintTextSchema.optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

export const UPLOAD_ERROR_CODES = {
  /** 409: the PATCH's Upload-Offset is not where the server has the upload; ask with HEAD. */
  offsetConflict: 'upload_offset_conflict',
  /**
   * 410: the upload received nothing for too long, or was started longer ago than an upload
   * may stay unfinished, and was removed; start again.
   */
  expired: 'upload_expired',
  /** 403: the account holds UPLOADS_OPEN_PER_USER unfinished uploads; finish or cancel one first. */
  tooManyOpen: 'too_many_open_uploads',
} as const;
