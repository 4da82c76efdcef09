/**
 * Keeping transcripts people typed. Call recordTranscriptEdit after a PATCH changed a
 * note's transcript: the typed text shows in the version history at once, and a later
 * re-transcription keeps it instead of overwriting it silently.
 */
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';

export async function markTranscriptEdited(db: Db, voiceNoteId: string): Promise<void> {
  await db.updateTable('voice_notes').set({ transcript_edited: 1 }).where('id', '=', voiceNoteId).execute();
}

/** Marks the note as edited by hand and keeps the typed text (with its timings) as a version. */
export async function recordTranscriptEdit(
  db: Db,
  note: { id: string; owner_id: string; transcript: string; segments: string },
  now = Date.now(),
): Promise<void> {
  await markTranscriptEdited(db, note.id);
  await saveCurrentAsVersion(db, note, 'manual', now);
}

/**
 * Saves the note's current transcript as a version (inside the caller's transaction),
 * unless the newest version already holds that text.
 */
export async function saveCurrentAsVersion(
  db: Db,
  note: { id: string; owner_id: string; transcript: string | null; segments: string | null },
  source: 'manual' | 'engine',
  now = Date.now(),
): Promise<void> {
  if (note.transcript === null) return;
  const newest = await db
    .selectFrom('transcript_versions')
    .select('text')
    .where('voice_note_id', '=', note.id)
    .where('owner_id', '=', note.owner_id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest?.text === note.transcript) return;
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
