/**
 * Summaries where notes travel (ADR 0047, 0052): a note's versions for its exported JSON, the
 * latest done one for the Markdown, and filing an imported note's finished versions again.
 */
import { type ExportedSummary } from '@voxpad/shared/export-import';
import { SUMMARY_VERSIONS_KEPT } from '@voxpad/shared/summaries';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { insertSummary, listSummaries } from './summaries-repository.ts';
import { presentSummary } from './summary-presenter.ts';

/** The note's kept versions, oldest first, as its exported JSON carries them. */
export async function exportedSummaries(db: Db, ownerId: string, noteId: string): Promise<ExportedSummary[]> {
  const rows = await listSummaries(db, ownerId, noteId, SUMMARY_VERSIONS_KEPT);
  return rows.reverse().map((row) => {
    const { id: _id, ...version } = presentSummary(row);
    return version;
  });
}

/** The newest done version with a summary, for the Markdown's "Summary" section. */
/** The latest done summary as the Markdown export shows it (transcripts/transcript-exports.ts). */
export interface MarkdownSummary {
  summary: string;
  action_items: readonly { text: string; start: number }[];
}

export function latestDoneSummary(versions: readonly ExportedSummary[]): MarkdownSummary | undefined {
  const done = versions.findLast((version) => version.status === 'done' && version.summary !== null);
  return done ? { summary: done.summary ?? '', action_items: done.action_items } : undefined;
}

/**
 * Files an imported note's finished versions (oldest first) under new ids, keeping when they
 * were written; unfinished ones are skipped, and at most the versions a note keeps are filed.
 */
export async function fileCarriedSummaries(
  db: Db,
  ownerId: string,
  noteId: string,
  carried: readonly ExportedSummary[],
): Promise<void> {
  const now = Date.now();
  const finished = carried
    .filter((version) => version.status === 'done' || version.status === 'failed')
    .slice(-SUMMARY_VERSIONS_KEPT);
  for (const version of finished) {
    const createdAt = timeOr(version.created_at, now);
    await insertSummary(db, {
      id: newId(now),
      voice_note_id: noteId,
      owner_id: ownerId,
      status: version.status,
      summary: version.summary,
      action_items: JSON.stringify(version.action_items),
      title: version.title,
      model: version.model,
      endpoint: version.endpoint,
      error: version.error,
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
      created_at: createdAt,
      finished_at: version.finished_at === null ? createdAt : timeOr(version.finished_at, createdAt),
    });
  }
}

function timeOr(iso: string, fallback: number): number {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? fallback : time;
}
