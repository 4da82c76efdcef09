import { type ImportedFile, type ImportProgress } from '@voxpad/shared/export-import';
import type { ImportRow } from '../db/schema.ts';
import { importInterrupted } from './import-problems.ts';

/** An import that has not moved for this long lost its process (a restart): it is shown as failed. */
export const IMPORT_STALE_MS = 10 * 60_000;

export function presentImport(row: ImportRow, now = Date.now()): ImportProgress {
  const files = JSON.parse(row.files) as ImportedFile[];
  const stale = row.status === 'running' && row.updated_at < now - IMPORT_STALE_MS;
  return {
    id: row.id,
    pad_id: row.pad_id,
    status: stale ? 'failed' : row.status,
    total: row.total,
    done: row.done,
    files,
    error: stale ? importInterrupted() : row.error,
  };
}
