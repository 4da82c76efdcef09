import type { Kysely } from 'kysely';

/**
 * Resumable (tus) uploads in progress (ADR 0018). The bytes live in blob storage as parts
 * under `uploads/<id>/`; this row says whose upload it is, where it goes, how long it will be
 * and how much of it is stored, so an upload resumes after a server restart. A row goes when
 * its upload is filed as a voice note, terminated or expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pad_id', 'text', (c) => c.notNull().references('pads.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('length_bytes', 'bigint', (c) => c.notNull())
    .addColumn('offset_bytes', 'bigint', (c) => c.notNull())
    .addColumn('audio_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner_idx').on('uploads').column('owner_id').execute();
  await db.schema.createIndex('uploads_expires_idx').on('uploads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
