/**
 * `GET pad/{id}/voicenote/{vid}/segments/`: a long note's segments a page at a time
 * (ADR 0056), in time order, each page following on from the last with no gap or repeat.
 */
import {
  SEGMENT_PAGE_LIMITS,
  segmentPageQuerySchema,
  type SegmentPage,
  type TranscriptSegment,
} from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { ApiProblem, badRequest, notFound, parseInput } from '../http/api-problem.ts';
import { decodeSegmentCursor, segmentPage } from './segment-pages.ts';
import { findNoteSegments } from './voice-notes-repository.ts';

export async function readNoteSegments(
  db: Db,
  ownerId: string,
  padId: string,
  noteId: string,
  query: unknown,
): Promise<SegmentPage> {
  const { cursor: raw, limit = SEGMENT_PAGE_LIMITS.pageDefault } = parseInput(segmentPageQuerySchema, query);
  const cursor = raw === undefined ? undefined : decodeSegmentCursor(raw);
  if (raw !== undefined && !cursor) {
    throw badRequest('This page link is not valid. Start again from the first page.', 'cursor');
  }
  const row = await findNoteSegments(db, ownerId, padId, noteId);
  if (!row) throw notFound('This voice note');
  if (cursor && cursor.version !== row.updated_at) throw transcriptChanged();
  const segments = row.segments ? (JSON.parse(row.segments) as TranscriptSegment[]) : [];
  return segmentPage(segments, cursor?.index ?? 0, limit, row.updated_at);
}

function transcriptChanged(): ApiProblem {
  return new ApiProblem(409, [
    {
      code: 'transcript_changed',
      message: 'The transcript changed while it was being read. Load the note again to see the new one.',
      param: 'cursor',
    },
  ]);
}
