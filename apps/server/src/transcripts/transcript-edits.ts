/**
 * Keeping transcripts people typed. Call markTranscriptEdited after a PATCH changed a
 * note's transcript: a later re-transcription then keeps the typed text as a version
 * instead of overwriting it silently.
 */
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';

export async function markTranscriptEdited(db: Db, voiceNoteId: string): Promise<void> {
  await db.updateTable('voice_notes').set({ transcript_edited: 1 }).where('id', '=', voiceNoteId).execute();
}

/** Saves the note's current transcript as a version (inside the caller's transaction). */
export async function saveCurrentAsVersion(
  db: Db,
  note: { id: string; owner_id: string; transcript: string | null; segments: string | null },
  source: 'manual' | 'engine',
  now = Date.now(),
): Promise<void> {
  if (note.transcript === null) return;
  await db
    .insertInto('transcript_versions')
    .values({
      id: newId(now),
      voice_note_id: note.id,
      owner_id: note.owner_id,
      text: note.transcript,
      segments: note.segments,
      source,
      created_at: now,
    })
    .execute();
}
