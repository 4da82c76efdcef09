import { type Kysely } from 'kysely';

/**
 * Per-user webhooks (ADR 0048).
 *
 * - `webhooks`: where a person's note events go. `events` is a JSON array of event types;
 *   `secret_sealed` is the signing secret sealed by the SecretBox (never stored in clear).
 *   `disabled_reason` says why Voxpad turned one off by itself (a 410 Gone).
 * - `webhook_deliveries`: the outbox and the delivery log in one. A row is one message (its id is
 *   the webhook-id header on every attempt), claimed by a process with a lease like the job
 *   queues (`lease_owner`, `lease_expires_at`), tried again at `next_attempt_at` after a failure,
 *   and kept with the outcome of its last attempt. `user_id` scopes the log to its owner.
 *
 * Both go with their user; deliveries go with their webhook.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_user_idx').on('webhooks').column('user_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('response_status', 'integer')
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_attempt_at', 'bigint')
    .execute();
  // Claiming looks for pending rows that are due; the log reads one webhook's rows newest first.
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_user_idx')
    .on('webhook_deliveries')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
