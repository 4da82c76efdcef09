import { sql, type Kysely } from 'kysely';

/**
 * Where a voice note's title came from: `default` ("Voice note" for a recording), `file`
 * (the uploaded file's name), `user` (a person renamed it) or `transcript` (its first words).
 * Only `default` and `transcript` titles are (re)made from a finished transcript, so a name a
 * person gave is never overwritten. Existing notes that carry any other title were named,
 * by a file or a person: which one is not known, and both are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('voice_notes')
    .addColumn('title_source', 'text', (c) => c.notNull().defaultTo('default'))
    .execute();
  await sql`update voice_notes set title_source = 'user' where title <> 'Voice note'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voice_notes').dropColumn('title_source').execute();
}
