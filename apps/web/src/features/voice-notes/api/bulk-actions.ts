import type { NoteFilterQuery } from '@voxpad/shared/note-filters';
import {
  bulkActionResultSchema,
  type BulkActionRequest,
  type BulkActionResult,
} from '@voxpad/shared/bulk-actions';
import { LIMITS } from '@voxpad/shared/limits';
import { pageSchema, type Page } from '@voxpad/shared/pagination';
import { voiceNoteSchema } from '@voxpad/shared/voice-notes';
import { apiClient } from '../../../lib/api-client.ts';

/** POST voicenote/bulk/: one action on many notes, all or nothing (ADR 0046). */
export function runBulkAction(request: BulkActionRequest): Promise<BulkActionResult> {
  return apiClient.api('POST', 'voicenote/bulk/', bulkActionResultSchema, { body: request });
}

const idPageSchema = pageSchema(voiceNoteSchema.pick({ id: true }));

/**
 * Every note id of a pad, newest first, read a full page at a time without showing the notes,
 * for "Select all N": the list on screen keeps its own pages.
 */
export async function allNoteIdsOfPad(padId: string, filters: NoteFilterQuery = {}): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<{ id: string }> = await apiClient.api(
      'GET',
      `pad/${encodeURIComponent(padId)}/voicenote/`,
      idPageSchema,
      {
        query: { ...filters, cursor, limit: LIMITS.pageSizeMax },
      },
    );
    ids.push(...page.results.map((note) => note.id));
    cursor = page.next;
  } while (cursor !== null);
  return ids;
}
