import type { Db } from '../db/database.ts';
import { COPIED_TABLES, SOURCE_ONLY_COLUMNS } from './copied-tables.ts';
import { columnsByTable, type TablePlan } from './table-rows.ts';

/** The two databases do not have the same tables or columns: one of them is not up to date. */
export class SchemaMismatchError extends Error {
  override name = 'SchemaMismatchError';
}

/**
 * What to copy, table by table: the source's columns (less SQLite's search bookkeeping),
 * every one of which the target must have. Both sides were migrated by this version first,
 * so a difference means a database changed by hand or by another version of Voxpad.
 */
export async function planTables(source: Db, target: Db): Promise<TablePlan[]> {
  const [sourceColumns, targetColumns] = await Promise.all([columnsByTable(source), columnsByTable(target)]);
  return COPIED_TABLES.map((table) => {
    const fromColumns = sourceColumns.get(table.name);
    const toColumns = new Set(targetColumns.get(table.name));
    if (!fromColumns) throw new SchemaMismatchError(`The source database has no table "${table.name}".`);
    const columns = fromColumns.filter((c) => !SOURCE_ONLY_COLUMNS.has(c));
    const missing = columns.filter((c) => !toColumns.has(c));
    if (missing.length > 0) {
      throw new SchemaMismatchError(
        `The target table "${table.name}" has no column ${missing.map((c) => `"${c}"`).join(', ')}: ` +
          'it was made by another version of Voxpad. Use an empty database, or the same version on both sides.',
      );
    }
    return { table, columns };
  });
}
