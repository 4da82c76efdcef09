import type { FastifyBaseLogger } from 'fastify';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { VOICE_NOTE_ERROR_CODES, type VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { ApiProblem, notFound } from '../http/api-problem.ts';
import { padExists } from '../pads/pads-repository.ts';
import type { NoteEvents } from '../lib/note-events.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { peaksKeyOf } from '../storage/storage-keys.ts';
import { checkNoteTagCount, setNoteTags, type TagLimits } from '../tags/note-tags.ts';
import { storeTypedTranscript } from '../transcripts/transcript-store.ts';
import { readVoiceNote } from './voice-note-reads.ts';
import * as notes from './voice-notes-repository.ts';

export interface VoiceNoteEdit {
  title?: string | undefined;
  transcript?: string | undefined;
  pad_id?: string | undefined;
  /** The note's whole set of tags, by name (ADR 0045). */
  tags?: string[] | undefined;
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

/** A write whose condition no longer held: the transaction is rolled back. */
class NotApplied extends Error {}

/** Renames, re-types the transcript of, moves or tags a note; answers the note as it now is. */
export async function editVoiceNote(
  { db, tagLimits, events }: { db: Db; tagLimits: TagLimits; events?: NoteEvents | undefined },
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
  if (edit.tags !== undefined) checkNoteTagCount(edit.tags, tagLimits);

  const changes: notes.VoiceNoteChanges = {
    title: edit.title,
    title_source: edit.title === undefined ? undefined : 'user',
    pad_id: targetPad,
  };
  try {
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      // Renamed first: a title a person gives is never remade from the words.
      if (!(await notes.updateVoiceNote(trx, ownerId, padId, id, changes, now))) throw new NotApplied();
      if (edit.tags !== undefined) await setNoteTags(trx, tagLimits, { ownerId, noteId: id }, edit.tags, now);
      const typed = edit.transcript;
      if (typed === undefined) return;
      const typedOn = { id, ownerId, segments: note.segments, durationSeconds: note.duration_seconds };
      if (!(await storeTypedTranscript(trx, typedOn, typed, now))) throw new NotApplied();
    });
  } catch (error) {
    if (error instanceof NotApplied) {
      // A condition failed under a concurrent change (nothing was written); report the one that did.
      if (!(await notes.findVoiceNote(db, ownerId, padId, id))) throw notFound('This voice note');
      if (targetPad && !(await padExists(db, ownerId, targetPad))) throw targetPadNotFound();
      throw stillTranscribing();
    }
    // PostgreSQL: the target pad was deleted between the check and the write.
    if (targetPad && !(await padExists(db, ownerId, targetPad))) throw targetPadNotFound();
    throw error;
  }
  await events?.emit({ type: 'note.updated', ownerId, noteId: id });
  return readVoiceNote(db, ownerId, targetPad ?? padId, id);
}

/**
 * Deletes the note, then its audio; audio that cannot be removed is logged, not fatal. `events`
 * hears of it (left out when a note is taken back before anyone was told it was filed).
 */
export async function deleteVoiceNote(
  {
    db,
    storage,
    log,
    events,
  }: { db: Db; storage: BlobStorage; log: FastifyBaseLogger; events?: NoteEvents | undefined },
  ownerId: string,
  padId: string,
  id: string,
): Promise<void> {
  const deleted = await notes.deleteVoiceNote(db, ownerId, padId, id);
  if (deleted === undefined) throw notFound('This voice note');
  const { storageKey, title } = deleted;
  await events?.emit({ type: 'note.deleted', ownerId, noteId: id, padId, title });
  await storage
    .delete(storageKey)
    .catch((err: unknown) => log.warn({ err, key: storageKey }, 'could not delete audio'));
  // Its waveform (ADR 0056), if one was made; the sweeper removes any left behind.
  await storage.delete(peaksKeyOf(storageKey)).catch(() => undefined);
}
