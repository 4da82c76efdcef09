/** Every query of the webhooks themselves, each scoped to its owner. */
import type { Db } from '../db/database.ts';
import type { WebhookRow } from '../db/schema.ts';

const COLUMNS = [
  'id',
  'user_id',
  'url',
  'events',
  'description',
  'secret_sealed',
  'enabled',
  'disabled_reason',
  'created_at',
  'updated_at',
] as const;

/** The owner's webhooks, oldest first (the order they were added in). */
export async function listWebhooks(db: Db, userId: string): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').select(COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
}

/** The owner's webhooks that are on; the caller picks those subscribed to an event. */
export async function listEnabledWebhooks(db: Db, userId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
}

export async function findWebhook(db: Db, userId: string, id: string): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countWebhooks(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export type WebhookChange = Partial<
  Pick<WebhookRow, 'url' | 'events' | 'description' | 'enabled' | 'disabled_reason' | 'secret_sealed'>
> & { updated_at: number };

/** False when the owner has no webhook with that id. */
export async function updateWebhook(
  db: Db,
  userId: string,
  id: string,
  change: WebhookChange,
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set(change)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the owner has no webhook with that id; its deliveries go with it. */
export async function deleteWebhook(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What an event says about a note: read when the event is recorded. */
export async function findEventNote(db: Db, ownerId: string, noteId: string) {
  return db
    .selectFrom('voice_notes')
    .select(['id', 'pad_id', 'title', 'status', 'transcript', 'duration_seconds', 'created_at', 'updated_at'])
    .where('owner_id', '=', ownerId)
    .where('id', '=', noteId)
    .executeTakeFirst();
}
