import type { Kysely } from 'kysely';

/**
 * Imports of a zip into a pad (ADR 0047): one row per import with its state and the outcome of
 * each file in it (JSON), so every API process answers the progress resource, whichever one
 * runs the import. A row goes with its owner and its pad.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pad_id', 'text', (c) => c.notNull().references('pads.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imports_owner_idx').on('imports').column('owner_id').execute();
  await db.schema.createIndex('imports_pad_idx').on('imports').column('pad_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('imports').execute();
}
