import type { Kysely } from 'kysely';

/**
 * "You": the owner's voice recognised in their notes (ADR 0058).
 *
 * - `voice_notes.speaker_prints`: JSON `{speakerId: {frames, mean, variance}}`, each speaker's
 *   voiceprint as the decoding thread found it ("S1" alone for a note said to have one speaker);
 *   written by the transcript store with the segments. Null before this migration or when the
 *   transcript came from elsewhere (live, import).
 * - `voice_notes.voice_taught`: 1 once the note's voice was folded into its owner's profile, so a
 *   note teaches once however often it is edited.
 * - `voice_profiles`: one row per person who taught Voxpad their voice: the pooled print
 *   (`print`, JSON), how many notes it comes from and when it last changed. Deleted with the
 *   account (cascade) and by the "what Voxpad learnt" reset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voice_notes').addColumn('speaker_prints', 'text').execute();
  await db.schema
    .alterTable('voice_notes')
    .addColumn('voice_taught', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('voice_profiles')
    .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('print', 'text', (c) => c.notNull())
    .addColumn('notes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voice_profiles').execute();
  await db.schema.alterTable('voice_notes').dropColumn('voice_taught').execute();
  await db.schema.alterTable('voice_notes').dropColumn('speaker_prints').execute();
}
