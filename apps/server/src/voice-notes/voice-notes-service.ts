import type { FastifyBaseLogger } from 'fastify';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { VOICE_NOTE_ERROR_CODES, type VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { ApiProblem, notFound } from '../http/api-problem.ts';
import { padExists } from '../pads/pads-repository.ts';
import { parseSegments } from '../search/match-time.ts';
import { recordTranscriptEdit } from '../transcripts/transcript-edits.ts';
import { alignTranscript } from '../transcripts/word-alignment.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { nameNoteAfterTranscript } from '../jobs/note-title.ts';
import { presentVoiceNote } from './voice-note-presenter.ts';
import * as notes from './voice-notes-repository.ts';

export interface VoiceNoteEdit {
  title?: string | undefined;
  transcript?: string | undefined;
  pad_id?: string | undefined;
}

const targetPadNotFound = () =>
  new ApiProblem(404, [
    {
      code: API_ERROR_CODES.notFound,
      param: 'pad_id',
      message: 'The pad to move this voice note to was not found.',
    },
  ]);

const stillTranscribing = () =>
  new ApiProblem(409, [
    {
      code: VOICE_NOTE_ERROR_CODES.transcriptionInProgress,
      param: 'transcript',
      message: 'This voice note is still being transcribed. Edit the transcript once it is done.',
    },
  ]);

/** Renames, re-types the transcript of, or moves a note; answers the note as it now is. */
export async function editVoiceNote(
  { db }: { db: Db },
  ownerId: string,
  padId: string,
  id: string,
  edit: VoiceNoteEdit,
): Promise<VoiceNote> {
  const note = await notes.findVoiceNote(db, ownerId, padId, id);
  if (!note) throw notFound('This voice note');
  const targetPad = edit.pad_id !== undefined && edit.pad_id !== padId ? edit.pad_id : undefined;
  if (edit.transcript !== undefined && (note.status === 'pending' || note.status === 'processing')) {
    throw stillTranscribing();
  }
  if (targetPad && !(await padExists(db, ownerId, targetPad))) throw targetPadNotFound();

  // Corrected words keep the times they were said at, so the player and captions follow the edit.
  const segments =
    edit.transcript === undefined
      ? undefined
      : JSON.stringify(alignTranscript(parseSegments(note.segments), edit.transcript, note.duration_seconds));
  const changes: notes.VoiceNoteChanges = {
    title: edit.title,
    title_source: edit.title === undefined ? undefined : 'user',
    transcript: edit.transcript,
    segments,
    // Statistics count the words of the text people keep, typed or transcribed.
    word_count: edit.transcript === undefined ? undefined : countWords(edit.transcript),
    pad_id: targetPad,
  };
  let updated: boolean;
  try {
    const now = Date.now();
    updated = await db.transaction().execute(async (trx) => {
      const done = await notes.updateVoiceNote(trx, ownerId, padId, id, changes, now);
      // A re-transcription must keep what a person typed as a version, not overwrite it.
      if (done && edit.transcript !== undefined && segments !== undefined) {
        await recordTranscriptEdit(
          trx,
          { id, owner_id: ownerId, transcript: edit.transcript, segments },
          now,
        );
        // A title made from the transcript follows its corrections; a given name stays.
        if (edit.title === undefined) {
          await nameNoteAfterTranscript(trx, { ownerId, noteId: id }, edit.transcript);
        }
      }
      return done;
    });
  } catch (error) {
    // PostgreSQL: the target pad was deleted between the check and the write.
    if (targetPad && !(await padExists(db, ownerId, targetPad))) throw targetPadNotFound();
    throw error;
  }
  if (!updated) {
    // A condition failed under a concurrent change; report the one that did.
    if (!(await notes.findVoiceNote(db, ownerId, padId, id))) throw notFound('This voice note');
    if (targetPad) throw targetPadNotFound();
    throw stillTranscribing();
  }
  const row = await notes.findVoiceNote(db, ownerId, targetPad ?? padId, id);
  if (!row) throw notFound('This voice note');
  return presentVoiceNote(row);
}

/** Deletes the note, then its audio; audio that cannot be removed is logged, not fatal. */
export async function deleteVoiceNote(
  { db, storage, log }: { db: Db; storage: BlobStorage; log: FastifyBaseLogger },
  ownerId: string,
  padId: string,
  id: string,
): Promise<void> {
  const storageKey = await notes.deleteVoiceNote(db, ownerId, padId, id);
  if (storageKey === undefined) throw notFound('This voice note');
  await storage
    .delete(storageKey)
    .catch((err: unknown) => log.warn({ err, key: storageKey }, 'could not delete audio'));
}

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}
