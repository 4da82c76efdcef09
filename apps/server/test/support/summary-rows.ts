/**
 * Summary versions written straight into `note_summaries` as the runner leaves them (ADR 0052),
 * for tests that need versions without a model: a finished row by default, with the note's owner.
 */
import type { NoteSummaryRow } from '../../src/db/schema.ts';
import type { Db } from '../../src/db/database.ts';
import { newId } from '../../src/lib/ids.ts';

export async function ownerOf(db: Db, noteId: string): Promise<string> {
  const row = await db
    .selectFrom('voice_notes')
    .select('owner_id')
    .where('id', '=', noteId)
    .executeTakeFirstOrThrow();
  return row.owner_id;
}

/** A done version of the note made at `at`; `changes` make it another. */
export function summaryRow(
  noteId: string,
  ownerId: string,
  at: number,
  changes: Partial<NoteSummaryRow> = {},
): NoteSummaryRow {
  return {
    id: newId(at),
    voice_note_id: noteId,
    owner_id: ownerId,
    status: 'done',
    summary: 'A summary.',
    action_items: '[]',
    title: 'A title',
    model: 'tiny-model',
    endpoint: 'llm.example:11434',
    error: null,
    attempts: 1,
    lease_owner: null,
    lease_expires_at: null,
    created_at: at,
    finished_at: at + 5000,
    ...changes,
  };
}

/** A version being written by `worker`, whose lease runs until `until`. */
export function runningSummaryRow(
  noteId: string,
  ownerId: string,
  at: number,
  worker: string,
  until: number,
): NoteSummaryRow {
  return summaryRow(noteId, ownerId, at, {
    status: 'running',
    summary: null,
    title: null,
    lease_owner: worker,
    lease_expires_at: until,
    finished_at: null,
  });
}
