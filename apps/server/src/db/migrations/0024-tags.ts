import type { Kysely } from 'kysely';

/**
 * Tags on voice notes (ADR 0045).
 *
 * - `tags`: a person's tags. `name_key` (the name trimmed, NFKC-normalised and lower-cased) is
 *   unique per user, so "Work" and "work" are one tag; `name` keeps the casing first given.
 * - `voice_note_tags`: which note carries which tag, once each. It has its own id (every table
 *   migrate-store copies is read and matched by one key column) and the owner's id (account
 *   deletion removes rows by owner). Links go with their note, their tag and their user.
 *
 * Indexes: a tag's notes (filtering by tag, counting, merging) by `(tag_id, note_id)`; a note's
 * tags by the unique `(note_id, tag_id)`. Lists filtered by state walk `(owner_id, status, id)`
 * instead of every note of the owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('tags_user_name_key', ['user_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('voice_note_tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note_id', 'text', (c) => c.notNull().references('voice_notes.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('voice_note_tags_note_tag', ['note_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('voice_note_tags_tag_idx')
    .on('voice_note_tags')
    .columns(['tag_id', 'note_id'])
    .execute();
  await db.schema.createIndex('voice_note_tags_user_idx').on('voice_note_tags').column('user_id').execute();

  await db.schema
    .createIndex('voice_notes_owner_status_idx')
    .on('voice_notes')
    .columns(['owner_id', 'status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('voice_notes_owner_status_idx').execute();
  await db.schema.dropTable('voice_note_tags').execute();
  await db.schema.dropTable('tags').execute();
}
