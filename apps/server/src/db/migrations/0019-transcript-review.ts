import { sql, type Kysely } from 'kysely';

/**
 * Whether the owner reviewed a note's transcript (ADR 0037), so the recogniser learns only
 * from text a person stands behind:
 *
 * - `voice_notes.transcript_reviewed`: `none`, `confirmed` (correct as the engine wrote it) or
 *   `corrected` (the owner typed or restored their own text).
 * - `voice_notes.transcript_reviewed_at`: when, in epoch milliseconds; null while `none`.
 *
 * Notes whose transcript was already edited by hand are corrections: they start `corrected`,
 * at their last change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('voice_notes')
    .addColumn('transcript_reviewed', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema.alterTable('voice_notes').addColumn('transcript_reviewed_at', 'bigint').execute();
  await sql`update voice_notes set transcript_reviewed = 'corrected', transcript_reviewed_at = updated_at
    where transcript_edited = 1 and transcript is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voice_notes').dropColumn('transcript_reviewed_at').execute();
  await db.schema.alterTable('voice_notes').dropColumn('transcript_reviewed').execute();
}
