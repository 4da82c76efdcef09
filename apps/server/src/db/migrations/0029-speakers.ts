import type { Kysely } from 'kysely';

/**
 * Speakers in notes (ADR 0053).
 *
 * - `voice_notes.speakers_hint`: how many people speak, as the upload or re-transcription said
 *   (1..8); null lets diarization decide. A job column like `language`: the queue writes it.
 * - `voice_notes.speakers`: JSON `[{id, name}]`, the note's speakers in order of first voice;
 *   segments name them by id. Null when the transcript has no speakers.
 * - `voice_notes.speakers_edited`: 1 once a person renamed, reassigned, split or merged.
 * - `voice_notes.speaker_edits`: JSON `[{start, end, speaker}]`, the stretches of the recording
 *   a person gave to a speaker by hand, oldest first; a re-transcription gives them again.
 * - `transcript_versions.speakers`: the speakers list (names) each version had.
 * - `uploads.speakers_hint`: a resumable upload's `speakers` metadata, until it is filed.
 *
 * All four are written by the transcript store only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voice_notes').addColumn('speakers_hint', 'integer').execute();
  await db.schema.alterTable('voice_notes').addColumn('speakers', 'text').execute();
  await db.schema
    .alterTable('voice_notes')
    .addColumn('speakers_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('voice_notes').addColumn('speaker_edits', 'text').execute();
  await db.schema.alterTable('transcript_versions').addColumn('speakers', 'text').execute();
  await db.schema.alterTable('uploads').addColumn('speakers_hint', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('speakers_hint').execute();
  await db.schema.alterTable('transcript_versions').dropColumn('speakers').execute();
  for (const column of ['speaker_edits', 'speakers_edited', 'speakers', 'speakers_hint']) {
    await db.schema.alterTable('voice_notes').dropColumn(column).execute();
  }
}
