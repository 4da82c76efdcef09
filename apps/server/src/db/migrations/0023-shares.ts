import type { Kysely } from 'kysely';

/**
 * Share links (ADR 0044): one row per link to a note (whole, or `start_seconds`..`end_seconds`
 * of it) or to a pad. Only the SHA-256 of the link's token is kept, unique, and links are found
 * by it; a password is kept as the account passwords are (scrypt). A link goes with its owner,
 * its note or its pad.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note_id', 'text', (c) => c.references('voice_notes.id').onDelete('cascade'))
    .addColumn('pad_id', 'text', (c) => c.references('pads.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('start_seconds', 'double precision')
    .addColumn('end_seconds', 'double precision')
    .addColumn('expires_at', 'bigint')
    .addColumn('password_hash', 'text')
    .addColumn('allow_download', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_viewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shares_user_idx').on('shares').columns(['user_id', 'created_at']).execute();
  // Deleting a note or a pad finds its links through these (the cascades).
  await db.schema.createIndex('shares_note_idx').on('shares').column('note_id').execute();
  await db.schema.createIndex('shares_pad_idx').on('shares').column('pad_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shares').execute();
}
