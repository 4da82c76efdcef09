import type { Kysely } from 'kysely';

/**
 * Transcription job state beyond the lease (ADR 0010): progress (0..1, written at most
 * once a second), the language and engine a re-transcription asked for, whether the
 * transcript was edited by hand, and the history of transcripts a note has had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('voice_notes')
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('voice_notes')
    .addColumn('transcript_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('voice_notes').addColumn('language', 'text').execute();
  await db.schema.alterTable('voice_notes').addColumn('engine', 'text').execute();
  await db.schema
    .createTable('transcript_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('voice_note_id', 'text', (c) => c.notNull().references('voice_notes.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('segments', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transcript_versions_note_idx')
    .on('transcript_versions')
    .columns(['voice_note_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcript_versions').execute();
  for (const column of ['engine', 'language', 'transcript_edited', 'progress']) {
    await db.schema.alterTable('voice_notes').dropColumn(column).execute();
  }
}
