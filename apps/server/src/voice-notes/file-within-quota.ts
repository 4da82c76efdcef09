import type { FastifyBaseLogger } from 'fastify';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { QuotaGuard, UploadAllowance } from '../quotas/quota-guard.ts';
import { fileVoiceNote, type FilingDeps, type NewVoiceNote } from './file-voice-note.ts';
import { deleteVoiceNote } from './voice-notes-service.ts';

/** What filing needs, built once by the app and handed to every entry point that files notes. */
export interface FilingSettings extends FilingDeps {
  quotas: QuotaGuard;
}

/**
 * The one ending of every way a note arrives (raw upload, resumable upload, live socket,
 * /v1 with a pad): the note is filed within the bytes its admission allows, the admission is
 * settled at what it really weighed (or freed, a "too large" that only a quota caused becoming
 * that quota's refusal), and when uploads racing each other took the owner over their storage
 * quota after all, the new note is deleted again and the quota's refusal thrown. Without an
 * allowance (a resumable upload counted its bytes as they came; /v1 settles its own request)
 * only the storage check runs.
 */
export async function fileWithinQuota(
  settings: FilingSettings,
  input: NewVoiceNote,
  { allowance, log }: { allowance?: UploadAllowance | undefined; log: FastifyBaseLogger },
): Promise<VoiceNote> {
  let note: VoiceNote;
  try {
    note = await fileVoiceNote({ ...settings, maxBytes: allowance?.maxBytes ?? settings.maxBytes }, input);
  } catch (error) {
    throw allowance ? await allowance.failed(error) : error;
  }
  await allowance?.accepted(note.size_bytes);
  const overflow = await settings.quotas.overflow(input.ownerId, note.size_bytes);
  if (overflow) {
    // Nobody was told of the note yet, so nobody is told it went.
    await deleteVoiceNote({ ...settings, events: undefined, log }, input.ownerId, note.pad_id, note.id);
    throw overflow;
  }
  const { events } = settings;
  await events?.emit({ type: 'note.created', ownerId: input.ownerId, noteId: note.id });
  // Filed with its transcript made already (/v1, a live stream): it is transcribed as well.
  if (input.transcribed) {
    await events?.emit({ type: 'note.transcribed', ownerId: input.ownerId, noteId: note.id });
  }
  return note;
}
