import type { Share, ShareKind } from '@voxpad/shared/shares';
import type { ShareRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';
import type { ListedShareRow } from './shares-repository.ts';

export function shareKind(row: Pick<ShareRow, 'note_id' | 'start_seconds'>): ShareKind {
  if (row.note_id === null) return 'pad';
  return row.start_seconds === null ? 'note' : 'range';
}

const isoOrNull = (epochMs: number | null) => (epochMs === null ? null : toIso(Number(epochMs)));

/** A share as its owner sees it; never its token (only the answer to creating it has the link). */
export function presentShare(row: ListedShareRow): Share {
  return {
    id: row.id,
    kind: shareKind(row),
    note_id: row.note_id,
    pad_id: row.target_pad_id,
    title: row.title,
    start: row.start_seconds === null ? null : Number(row.start_seconds),
    end: row.end_seconds === null ? null : Number(row.end_seconds),
    expires_at: isoOrNull(row.expires_at),
    has_password: row.password_hash !== null,
    allow_download: row.allow_download === 1,
    view_count: Number(row.view_count),
    last_viewed_at: isoOrNull(row.last_viewed_at),
    created_at: toIso(Number(row.created_at)),
  };
}
