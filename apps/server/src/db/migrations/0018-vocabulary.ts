import { sql, type Kysely } from 'kysely';

/**
 * Personal vocabulary (ADR 0036).
 *
 * - `vocabulary_words`: a person's words and phrases with their pronunciations (JSON array of
 *   phone strings) and where those came from. `pad_id` null means every pad. `word_key` (the
 *   word trimmed and lower-cased) is unique per owner among words for all pads, and per owner
 *   and pad among a pad's words: two partial indexes, because a NULL pad_id is never equal to
 *   another in a plain unique index on either database.
 * - `vocabulary_dismissals`: words the person asked not to be proposed again.
 *
 * Both go with their user (and a pad's words with their pad).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vocabulary_words')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pad_id', 'text', (c) => c.references('pads.id').onDelete('cascade'))
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('word_key', 'text', (c) => c.notNull())
    .addColumn('pronunciations', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('sounds_like', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX vocabulary_words_all_pads_key
    ON vocabulary_words (user_id, word_key) WHERE pad_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX vocabulary_words_pad_key
    ON vocabulary_words (user_id, pad_id, word_key) WHERE pad_id IS NOT NULL`.execute(db);
  // Deleting a pad finds its words through this index (the cascade).
  await db.schema.createIndex('vocabulary_words_pad_idx').on('vocabulary_words').column('pad_id').execute();

  await db.schema
    .createTable('vocabulary_dismissals')
    // Its own id, as every table migrate-store copies is read and matched by one key column.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('word_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('vocabulary_dismissals_key', ['user_id', 'word_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vocabulary_dismissals').execute();
  await db.schema.dropTable('vocabulary_words').execute();
}
