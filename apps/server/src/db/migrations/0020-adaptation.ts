import type { Kysely } from 'kysely';

/**
 * What the recogniser has learnt about one person (ADR 0038). One row per user, gone with the
 * user. The row is also the rebuild job: `queued` rows are claimed by any worker process with
 * a lease, as transcription jobs are (migration 0004); `rebuild_requested` keeps a rebuild asked
 * for while one runs. The built files live in blob storage under `adaptation/<user>/<build_id>/`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('adaptation_states')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('build_id', 'text')
    .addColumn('language_built_at', 'bigint')
    .addColumn('acoustic_built_at', 'bigint')
    .addColumn('acoustic_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('corrected_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('notes_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text_words_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vocabulary_words', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lm_weight', 'double precision')
    .addColumn('lm_perplexities', 'text')
    .addColumn('source_hash', 'text')
    .addColumn('error', 'text')
    .addColumn('rebuild_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('queued_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('adaptation_states_claim_idx')
    .on('adaptation_states')
    .columns(['status', 'queued_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('adaptation_states').execute();
}
