import type { Highlight } from '@voxpad/shared/highlights';
import type { HighlightRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';

/** A highlight as its owner sees it. PostgreSQL hands back bigint and double as strings or numbers: both become numbers. */
export function presentHighlight(row: HighlightRow): Highlight {
  return {
    id: row.id,
    note_id: row.note_id,
    start: Number(row.start_seconds),
    end: row.end_seconds === null ? null : Number(row.end_seconds),
    label: row.label,
    comment: row.comment,
    created_at: toIso(Number(row.created_at)),
    updated_at: toIso(Number(row.updated_at)),
  };
}
