import type { Kysely } from 'kysely';

/**
 * Waveform peaks (ADR 0056): `peaks_key` is the blob that holds a note's peaks file, made while
 * its audio was decoded for transcription (or later, on first request, for older notes); null
 * until then. The blob sits beside the audio (`audio/<owner>/<id>.peaks`), so it goes where the
 * audio goes: the sweeper keeps it while the note points at it and removes it with the note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voice_notes').addColumn('peaks_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voice_notes').dropColumn('peaks_key').execute();
}
