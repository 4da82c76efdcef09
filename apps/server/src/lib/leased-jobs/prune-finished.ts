/**
 * Keeping a job table bounded per parent (ADR 0048, 0052): a webhook's log of deliveries, a
 * note's summary versions. Of one parent's rows, the newest `keep` stay whatever their state;
 * older ones go once finished. A row still waiting or running is never removed, however old:
 * its job is not done yet.
 */
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { LeasedTable } from './claim-with-lease.ts';

export interface FinishedRowsPrune<T extends LeasedTable> {
  table: T;
  /** The column naming the parent the rows are kept per, and its value. */
  parent: keyof Database[T] & string;
  parentId: string;
  /** The states of a job that is over (its row may go). */
  finished: readonly Database[T]['status'][];
  keep: number;
}

/** Removes the parent's finished rows older than its newest `keep` (ids order rows by creation). */
export async function pruneFinished<T extends LeasedTable>(
  db: Db,
  prune: FinishedRowsPrune<T>,
): Promise<void> {
  const table: LeasedTable = prune.table;
  const parent = db.dynamic.ref(prune.parent);
  await db
    .deleteFrom(table)
    .where(parent, '=', prune.parentId)
    .where('status', 'in', prune.finished)
    .where('id', '<', (eb) =>
      eb
        .selectFrom(table)
        .select('id')
        .where(parent, '=', prune.parentId)
        .orderBy('id', 'desc')
        .offset(prune.keep - 1)
        .limit(1),
    )
    .execute();
}
