/**
 * "Confirm transcript" (ADR 0037): the owner says a note's transcript is right as it stands,
 * or takes that back. The review state is the transcript store's; this checks what is allowed
 * and answers the note.
 */
import { TRANSCRIPT_ERROR_CODES } from '@voxpad/shared/transcripts';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/api-problem.ts';
import { busy, conflict } from '../transcripts/transcript-problems.ts';
import { confirmTranscript, withdrawReview } from '../transcripts/transcript-store.ts';
import { readVoiceNote } from './voice-note-reads.ts';
import * as notes from './voice-notes-repository.ts';

const stillTranscribing = () =>
  busy('This voice note is still being transcribed. Confirm it once it is done.');
const noTranscript = () =>
  conflict(TRANSCRIPT_ERROR_CODES.noTranscript, 'This voice note has no transcript to confirm yet.');

export async function confirmNoteTranscript(
  db: Db,
  ownerId: string,
  padId: string,
  id: string,
): Promise<VoiceNote> {
  const note = await notes.findVoiceNote(db, ownerId, padId, id);
  if (!note) throw notFound('This voice note');
  if (note.status === 'pending' || note.status === 'processing') throw stillTranscribing();
  if (note.transcript === null) throw noTranscript();
  const confirmed = await db.transaction().execute((trx) => confirmTranscript(trx, { id, ownerId }));
  // A re-transcription was asked for between the read and the write.
  if (!confirmed) throw stillTranscribing();
  return readVoiceNote(db, ownerId, padId, id);
}

export async function withdrawNoteReview(
  db: Db,
  ownerId: string,
  padId: string,
  id: string,
): Promise<VoiceNote> {
  const note = await notes.findVoiceNote(db, ownerId, padId, id);
  if (!note) throw notFound('This voice note');
  await db.transaction().execute((trx) => withdrawReview(trx, { id, ownerId }));
  return readVoiceNote(db, ownerId, padId, id);
}
