/**
 * The deliveries table: the outbox every process claims from, and the log people read. Only
 * webhooks/ writes it. A delivery is claimed with a lease like a transcription job: whoever
 * holds an unexpired lease is trying it, a process that dies stops holding it, and writes that
 * finish an attempt only land while the lease is still theirs.
 */
import { expressionBuilder } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { Database, WebhookDeliveryRow } from '../db/schema.ts';
import { claimWithLease } from '../lib/leased-jobs/claim-with-lease.ts';
import { pruneFinished } from '../lib/leased-jobs/prune-finished.ts';
import type { Cursor } from '../lib/cursor.ts';

const COLUMNS = [
  'id',
  'webhook_id',
  'user_id',
  'event',
  'payload',
  'status',
  'attempts',
  'next_attempt_at',
  'lease_owner',
  'lease_expires_at',
  'response_status',
  'response_excerpt',
  'error',
  'duration_ms',
  'created_at',
  'last_attempt_at',
] as const;

export async function insertDeliveries(db: Db, rows: WebhookDeliveryRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

/**
 * Claims the oldest due delivery (pending, its time come, no live lease) for `workerId` and
 * counts the attempt. PostgreSQL skips rows another process is claiming instead of waiting.
 */
export async function claimDueDelivery(
  db: Db,
  dialect: Dialect,
  workerId: string,
  leaseMs: number,
  now: number,
): Promise<WebhookDeliveryRow | undefined> {
  const eb = expressionBuilder<Database, 'webhook_deliveries'>();
  return claimWithLease<'webhook_deliveries', WebhookDeliveryRow>(
    db,
    dialect,
    {
      table: 'webhook_deliveries',
      due: eb.and([
        eb('status', '=', 'pending'),
        eb('next_attempt_at', '<=', now),
        eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]),
      ]),
      stillDue: eb('status', '=', 'pending'),
      order: ['next_attempt_at', 'id'],
      returning: COLUMNS,
    },
    { workerId, leaseMs, now },
  );
}

export interface AttemptRecord {
  status: WebhookDeliveryRow['status'];
  next_attempt_at: number | null;
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number;
  last_attempt_at: number;
}

/** Records how an attempt went and lets go of the lease; false when the lease was no longer ours. */
export async function recordAttempt(
  db: Db,
  id: string,
  workerId: string,
  record: AttemptRecord,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ ...record, lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives up the webhook's waiting deliveries, saying why (it was turned off). */
export async function cancelPendingDeliveries(db: Db, webhookId: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, error: reason })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .where('lease_owner', 'is', null)
    .execute();
}

/** One page of a webhook's log (limit + 1 rows in reading order), scoped to its owner. */
export async function listDeliveries(
  db: Db,
  userId: string,
  webhookId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('webhook_id', '=', webhookId);
  if (cursor?.direction === 'before') {
    query = query.where('id', '>', cursor.id).orderBy('id', 'asc');
  } else {
    if (cursor) query = query.where('id', '<', cursor.id);
    query = query.orderBy('id', 'desc');
  }
  return query.limit(limit + 1).execute();
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Keeps the log of a webhook bounded: finished deliveries beyond the newest `keep` go. */
export async function pruneDeliveries(db: Db, webhookId: string, keep: number): Promise<void> {
  await pruneFinished(db, {
    table: 'webhook_deliveries',
    parent: 'webhook_id',
    parentId: webhookId,
    finished: ['succeeded', 'failed'],
    keep,
  });
}
