import type { Kysely } from 'kysely';

/**
 * Voice notes a bulk delete took, kept for its undo window (ADR 0046). The row holds the note
 * (`note`, JSON of its columns) and its transcript versions (`versions`, JSON array) as they
 * were, so a restore puts back exactly what was there; the audio stays in storage under
 * `storage_key` until the sweeper purges the row after `expires_at`. No key to `pads`: a pad
 * deleted meanwhile must not take the row with it before its audio is removed; a restore into
 * it is refused instead. Gone with the user (account deletion removes the audio by prefix).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_voice_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pad_id', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('versions', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  // The sweeper's purge reads by expiry; a restore by owner and id (the primary key).
  await db.schema
    .createIndex('deleted_voice_notes_expiry_idx')
    .on('deleted_voice_notes')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('deleted_voice_notes_owner_idx')
    .on('deleted_voice_notes')
    .column('owner_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_voice_notes').execute();
}
