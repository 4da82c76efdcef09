import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { countRows, insertRows, rowBatches, rowsByKey, type Row, type TablePlan } from './table-rows.ts';

/** The target holds a row that is not a copy of the source's: copying would mix two installations. */
export class TargetConflictError extends Error {
  override name = 'TargetConflictError';
}

export interface RowCopyOptions {
  batchSize: number;
  /** Called after each batch with the rows it covered (copied or already there). */
  onBatch?: (rows: number) => void;
}

/**
 * Reads the whole source table and compares every row the target already has with it.
 * Run before copying anything, so a target holding someone else's data is refused whole.
 */
export async function checkNoConflicts(source: Db, target: Db, plan: TablePlan, options: RowCopyOptions) {
  if ((await countRows(target, plan.table.name)) === 0) return;
  for await (const rows of rowBatches(source, plan, options.batchSize)) {
    await missingFromTarget(target, plan, rows);
    options.onBatch?.(rows.length);
  }
}

/**
 * Copies the rows the target lacks, a batch per transaction, and returns how many. The
 * target's triggers are off inside each transaction: the derived columns they keep (a pad's
 * note count, a user's pad-list version) arrive from the source as they are, instead of
 * being counted again. A run killed mid-batch rolls that batch back, triggers included.
 */
export async function copyRows(source: Db, target: Db, plan: TablePlan, options: RowCopyOptions) {
  let copied = 0;
  for await (const rows of rowBatches(source, plan, options.batchSize)) {
    const missing = await missingFromTarget(target, plan, rows);
    if (missing.length > 0) {
      await target.transaction().execute(async (trx) => {
        const table = sql.table(plan.table.name);
        await sql`alter table ${table} disable trigger user`.execute(trx);
        await insertRows(trx, plan, missing).catch((error: unknown) => {
          throw explainInsertError(plan, error);
        });
        await sql`alter table ${table} enable trigger user`.execute(trx);
      });
      copied += missing.length;
    }
    options.onBatch?.(rows.length);
  }
  return copied;
}

/** The rows of `rows` the target lacks; throws when the target has one of them with other content. */
async function missingFromTarget(target: Db, plan: TablePlan, rows: Row[]): Promise<Row[]> {
  const { key, name } = plan.table;
  const present = await rowsByKey(
    target,
    plan,
    rows.map((row) => row[key]),
  );
  const missing: Row[] = [];
  for (const row of rows) {
    const there = present.get(String(row[key]));
    if (!there) {
      missing.push(row);
      continue;
    }
    const differing = plan.columns.filter((column) => !sameValue(row[column], there[column]));
    if (differing.length > 0) {
      throw new TargetConflictError(
        `The target database already has ${name} row ${String(row[key])} with different ` +
          `${differing.join(', ')}: it is not a copy of this installation. Refusing to mix them; ` +
          'point the command at an empty PostgreSQL database.',
      );
    }
  }
  return missing;
}

/** SQLite and PostgreSQL return the same numbers and text; bigint columns may come back as strings. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a === null || a === undefined) && (b === null || b === undefined);
  }
  if (typeof a === 'number' || typeof b === 'number' || typeof a === 'bigint' || typeof b === 'bigint') {
    return Number(a) === Number(b);
  }
  return String(a) === String(b);
}

function explainInsertError(plan: TablePlan, error: unknown): Error {
  if (error instanceof pg.DatabaseError && error.code === '23505') {
    return new TargetConflictError(
      `The target database already has a different ${plan.table.name} row with the same ` +
        `${error.constraint ?? 'unique value'}: it is not a copy of ` +
        'this installation. Refusing to mix them; point the command at an empty PostgreSQL database.',
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}
