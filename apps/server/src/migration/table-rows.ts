import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CopiedTable } from './copied-tables.ts';

/** A row as both databases return it: text, numbers (bigint parsed as number) and nulls. */
export type Row = Record<string, unknown>;

/** A table to copy and the columns both sides share. */
export interface TablePlan {
  table: CopiedTable;
  columns: string[];
}

const columnList = (columns: string[]) => sql.join(columns.map((c) => sql.ref(c)));

/** The table's rows in primary-key order, `size` at a time (keyset pages: no OFFSET scans). */
export async function* rowBatches(db: Db, plan: TablePlan, size: number): AsyncIterable<Row[]> {
  const { name, key } = plan.table;
  let after: unknown;
  for (;;) {
    const where = after === undefined ? sql`` : sql`where ${sql.ref(key)} > ${after}`;
    const { rows } = await sql<Row>`select ${columnList(plan.columns)} from ${sql.table(name)} ${where}
      order by ${sql.ref(key)} limit ${size}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.[key];
    if (rows.length < size) return;
  }
}

/** The rows of `db` whose primary keys are among `keys`, by key. */
export async function rowsByKey(db: Db, plan: TablePlan, keys: unknown[]): Promise<Map<string, Row>> {
  const { name, key } = plan.table;
  if (keys.length === 0) return new Map();
  const { rows } = await sql<Row>`select ${columnList(plan.columns)} from ${sql.table(name)}
    where ${sql.ref(key)} in (${sql.join(keys)})`.execute(db);
  return new Map(rows.map((row) => [String(row[key]), row]));
}

/** Inserts `rows`; a row whose primary key is already there is left alone. */
export async function insertRows(db: Db, plan: TablePlan, rows: Row[]): Promise<void> {
  const { name, key } = plan.table;
  const values = rows.map((row) => sql`(${sql.join(plan.columns.map((c) => row[c] ?? null))})`);
  await sql`insert into ${sql.table(name)} (${columnList(plan.columns)}) values ${sql.join(values)}
    on conflict (${sql.ref(key)}) do nothing`.execute(db);
}

export async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Column names of every table, as the database itself reports them. */
export async function columnsByTable(db: Db): Promise<Map<string, string[]>> {
  const tables = await db.introspection.getTables();
  return new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
}
