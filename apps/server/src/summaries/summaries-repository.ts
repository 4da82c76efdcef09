/**
 * The tables of summaries (ADR 0052): `note_summaries` (versions, and the job of each) and
 * `pad_summary_settings`. Only summaries/ writes them. Reads that serve a person name the owner;
 * the runner's claim and record work by row id and lease, like the other job tables.
 */
import { expressionBuilder } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { Database, NoteSummaryRow } from '../db/schema.ts';
import { claimWithLease } from '../lib/leased-jobs/claim-with-lease.ts';
import { pruneFinished } from '../lib/leased-jobs/prune-finished.ts';

const COLUMNS = [
  'id',
  'voice_note_id',
  'owner_id',
  'status',
  'summary',
  'action_items',
  'title',
  'model',
  'endpoint',
  'error',
  'attempts',
  'lease_owner',
  'lease_expires_at',
  'created_at',
  'finished_at',
] as const;

/** What summarising needs of a note, read for its owner only. */
export interface SummarisedNote {
  id: string;
  pad_id: string;
  owner_id: string;
  status: string;
  transcript: string | null;
  segments: string | null;
}

export async function findNote(
  db: Db,
  ownerId: string,
  noteId: string,
  padId?: string,
): Promise<SummarisedNote | undefined> {
  let query = db
    .selectFrom('voice_notes')
    .select(['id', 'pad_id', 'owner_id', 'status', 'transcript', 'segments'])
    .where('owner_id', '=', ownerId)
    .where('id', '=', noteId);
  if (padId !== undefined) query = query.where('pad_id', '=', padId);
  return query.executeTakeFirst();
}

export async function insertSummary(db: Db, row: NoteSummaryRow): Promise<void> {
  await db.insertInto('note_summaries').values(row).execute();
}

/** The note's versions, newest first. */
export async function listSummaries(
  db: Db,
  ownerId: string,
  noteId: string,
  limit: number,
): Promise<NoteSummaryRow[]> {
  return db
    .selectFrom('note_summaries')
    .select(COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('voice_note_id', '=', noteId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The note's newest version in one of `statuses`, older than `beforeId` when it is given: the
 * generation waiting or being written (queued, running), or the last good one before a version
 * that is not (done).
 */
export async function findNewestSummary(
  db: Db,
  ownerId: string,
  noteId: string,
  which: { statuses: readonly NoteSummaryRow['status'][]; beforeId?: string },
): Promise<NoteSummaryRow | undefined> {
  let query = db
    .selectFrom('note_summaries')
    .select(COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('voice_note_id', '=', noteId)
    .where('status', 'in', which.statuses);
  if (which.beforeId !== undefined) query = query.where('id', '<', which.beforeId);
  return query.orderBy('id', 'desc').executeTakeFirst();
}

/** A generation may be claimed: waiting, or its writer's lease ran out (its process died). */
function claimable(now: number) {
  const eb = expressionBuilder<Database, 'note_summaries'>();
  return eb.or([
    eb('status', '=', 'queued'),
    eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', now)]),
  ]);
}

/**
 * Claims the oldest queued generation, or one whose lease ran out (its process died while
 * writing it), for `workerId`, counting the attempt. PostgreSQL skips rows being claimed elsewhere.
 */
export async function claimSummary(
  db: Db,
  dialect: Dialect,
  workerId: string,
  leaseMs: number,
  now: number,
): Promise<NoteSummaryRow | undefined> {
  return claimWithLease<'note_summaries', NoteSummaryRow>(
    db,
    dialect,
    {
      table: 'note_summaries',
      due: claimable(now),
      stillDue: claimable(now),
      order: ['id'],
      set: { status: 'running' },
      returning: COLUMNS,
    },
    { workerId, leaseMs, now },
  );
}

/** Keeps a running generation's lease alive while its process is. */
export async function renewSummaryLease(db: Db, id: string, workerId: string, until: number): Promise<void> {
  await db
    .updateTable('note_summaries')
    .set({ lease_expires_at: until })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

export type SummaryOutcome =
  | { status: 'done'; summary: string; action_items: string; title: string }
  | { status: 'failed'; error: string };

/** Records how a generation ended and lets go of the lease; false when the lease was no longer ours. */
export async function finishSummary(
  db: Db,
  id: string,
  workerId: string,
  outcome: SummaryOutcome,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('note_summaries')
    .set({ ...outcome, finished_at: now, lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps a note's versions bounded: finished ones beyond the newest `keep` go. */
export async function pruneSummaries(db: Db, noteId: string, keep: number): Promise<void> {
  await pruneFinished(db, {
    table: 'note_summaries',
    parent: 'voice_note_id',
    parentId: noteId,
    finished: ['done', 'failed'],
    keep,
  });
}

export async function findPad(db: Db, ownerId: string, padId: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('pads')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', '=', padId)
    .executeTakeFirst();
}

export async function readAutoSummary(db: Db, ownerId: string, padId: string): Promise<boolean> {
  const row = await db
    .selectFrom('pad_summary_settings')
    .select('auto_summary')
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .executeTakeFirst();
  return row?.auto_summary === 1;
}

export async function writeAutoSummary(
  db: Db,
  ownerId: string,
  padId: string,
  on: boolean,
  now: number,
): Promise<void> {
  await db
    .insertInto('pad_summary_settings')
    .values({ pad_id: padId, owner_id: ownerId, auto_summary: on ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column('pad_id').doUpdateSet({ auto_summary: on ? 1 : 0, updated_at: now }))
    .execute();
}
