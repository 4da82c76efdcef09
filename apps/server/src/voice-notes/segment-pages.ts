/**
 * Long transcripts' segments in pages (ADR 0056). A cursor names the next segment's position
 * and the note's `updated_at` when the page was read: an edit or a new transcript re-times and
 * re-cuts the segments, so a cursor from before it is refused instead of skipping or repeating.
 */
import { SEGMENT_PAGE_LIMITS, type SegmentPage, type TranscriptSegment } from '@voxpad/shared/voice-notes';

interface SegmentCursor {
  index: number;
  version: number;
}

export function encodeSegmentCursor(cursor: SegmentCursor): string {
  return Buffer.from(`s:${cursor.index}:${cursor.version}`).toString('base64url');
}

export function decodeSegmentCursor(raw: string): SegmentCursor | undefined {
  const match = /^s:(\d{1,9}):(\d{1,16})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!match) return undefined;
  return { index: Number(match[1]), version: Number(match[2]) };
}

/** `segments` of a note last changed at `version`, from `start`, at most `limit`. */
export function segmentPage(
  segments: readonly TranscriptSegment[],
  start: number,
  limit: number,
  version: number,
): SegmentPage {
  const end = Math.min(segments.length, start + limit);
  return {
    results: segments.slice(start, end),
    start_index: start,
    segment_count: segments.length,
    next: end < segments.length ? encodeSegmentCursor({ index: end, version }) : null,
  };
}

/** What a note's own answer carries: all its segments, or the first page of many. */
export function inlineSegments(
  segments: readonly TranscriptSegment[],
  version: number,
): {
  segments: TranscriptSegment[];
  segments_paged: boolean;
  segment_count: number;
  segments_next: string | null;
} {
  if (segments.length <= SEGMENT_PAGE_LIMITS.inlineMax) {
    return {
      segments: [...segments],
      segments_paged: false,
      segment_count: segments.length,
      segments_next: null,
    };
  }
  const first = segmentPage(segments, 0, SEGMENT_PAGE_LIMITS.pageDefault, version);
  return {
    segments: first.results,
    segments_paged: true,
    segment_count: segments.length,
    segments_next: first.next,
  };
}
