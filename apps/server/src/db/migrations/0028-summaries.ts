import { type Kysely } from 'kysely';

/**
 * Summaries of voice notes by an operator's language model (ADR 0052).
 *
 * - `note_summaries`: every generation of a note's summary, action items and suggested title;
 *   the row is also the job (status queued → running → done | failed), claimed with a lease
 *   (`lease_owner`, `lease_expires_at`) so a process that dies mid-generation loses nothing: its
 *   row is taken again when the lease runs out. `action_items` is a JSON array of {text, start}.
 *   `endpoint` is the host the transcript went to, shown beside the summary.
 * - `pad_summary_settings`: per pad, whether new notes are summarised once transcribed.
 *
 * Both go with their note or pad (cascade) and with their owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('note_summaries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('voice_note_id', 'text', (c) => c.notNull().references('voice_notes.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('action_items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('title', 'text')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // A note's versions newest first; the runner looks for queued rows and expired leases.
  await db.schema
    .createIndex('note_summaries_note_idx')
    .on('note_summaries')
    .columns(['voice_note_id', 'id'])
    .execute();
  await db.schema
    .createIndex('note_summaries_status_idx')
    .on('note_summaries')
    .columns(['status', 'lease_expires_at'])
    .execute();
  await db.schema.createIndex('note_summaries_owner_idx').on('note_summaries').column('owner_id').execute();

  await db.schema
    .createTable('pad_summary_settings')
    .addColumn('pad_id', 'text', (c) => c.primaryKey().references('pads.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('auto_summary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pad_summary_settings_owner_idx')
    .on('pad_summary_settings')
    .column('owner_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pad_summary_settings').execute();
  await db.schema.dropTable('note_summaries').execute();
}
