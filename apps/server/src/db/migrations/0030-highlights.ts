import type { Kysely } from 'kysely';

/**
 * Highlights on voice notes (ADR 0054): a moment (`end_seconds` null) or a time range of a
 * note, with a label and a comment. A highlight goes with its note (cascade) and its owner;
 * a note's highlights are listed by `(note_id, start_seconds)`, an owner's (search, account
 * deletion) by `(owner_id, created_at)`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('highlights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('note_id', 'text', (c) => c.notNull().references('voice_notes.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_seconds', 'double precision', (c) => c.notNull())
    .addColumn('end_seconds', 'double precision')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('highlights_note_idx')
    .on('highlights')
    .columns(['note_id', 'start_seconds'])
    .execute();
  await db.schema
    .createIndex('highlights_owner_idx')
    .on('highlights')
    .columns(['owner_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('highlights').execute();
}
