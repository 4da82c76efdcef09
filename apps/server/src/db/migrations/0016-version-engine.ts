import type { Kysely } from 'kysely';

/**
 * Which engine and model made an engine version of a transcript (a job, the live stream, the
 * OpenAI-compatible endpoint): `pocketsphinx` with `en-us`, `whisper` with its model file,
 * `openai` with the model asked for. Versions made before this are not known: null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcript_versions').addColumn('engine', 'text').execute();
  await db.schema.alterTable('transcript_versions').addColumn('model', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcript_versions').dropColumn('model').execute();
  await db.schema.alterTable('transcript_versions').dropColumn('engine').execute();
}
