/**
 * Claiming one job row with a lease (ADR 0048, 0052): the oldest due row is taken for a worker
 * for `leaseMs`, its attempt counted, in one statement. PostgreSQL skips rows another process is
 * claiming (`FOR UPDATE SKIP LOCKED`) instead of waiting; the update checks again that the row is
 * still claimable, since on SQLite another reader may have taken it between the select and the
 * update. Whoever holds an unexpired lease is working on the row; a process that dies stops
 * holding it. The job tables say what "due" means in their own columns.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Tables whose rows are jobs with `lease_owner`, `lease_expires_at` and `attempts`. */
export type LeasedTable = 'note_summaries' | 'webhook_deliveries';

export interface LeaseClaim<T extends LeasedTable, Row> {
  table: T;
  /** Which rows may be claimed now (built with `expressionBuilder<Database, T>()`). */
  due: Expression<SqlBool>;
  /** Checked again by the update: the row is still claimable. */
  stillDue: Expression<SqlBool>;
  /** Oldest first: the columns the due rows are taken in the order of. */
  order: readonly (keyof Database[T] & string)[];
  /** Other columns the claim sets (a status, say). */
  set?: Partial<Record<keyof Database[T] & string, string>>;
  /** The claimed row's columns to answer. */
  returning: readonly (keyof Row & keyof Database[T] & string)[];
}

/** The claimed row, or undefined when none is due. */
export async function claimWithLease<T extends LeasedTable, Row>(
  db: Db,
  dialect: Dialect,
  claim: LeaseClaim<T, Row>,
  lease: { workerId: string; leaseMs: number; now: number },
): Promise<Row | undefined> {
  const table = sql.table(claim.table);
  const order = sql.join(claim.order.map((column) => sql.ref(column)));
  const lock = dialect === 'postgres' ? sql` for update skip locked` : sql``;
  const extra = Object.entries(claim.set ?? {}).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const assignments = sql.join([
    ...extra,
    sql`lease_owner = ${lease.workerId}`,
    sql`lease_expires_at = ${lease.now + lease.leaseMs}`,
    sql`attempts = attempts + 1`,
  ]);
  const result = await sql<Row>`update ${table} set ${assignments}
    where id = (select id from ${table} where ${claim.due} order by ${order} limit 1${lock})
    and ${claim.stillDue}
    returning ${sql.join(claim.returning.map((column) => sql.ref(column)))}`.execute(db);
  return result.rows[0];
}
