import { useInfiniteQuery } from '@tanstack/react-query';
import {
  SEGMENT_PAGE_LIMITS,
  segmentPageSchema,
  type SegmentPage,
  type TranscriptSegment,
  type VoiceNote,
} from '@voxpad/shared/voice-notes';
import { useMemo } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryKey } from './get-voice-note.ts';

export function getVoiceNoteSegments(
  padId: string,
  voiceNoteId: string,
  cursor: string,
): Promise<SegmentPage> {
  return apiClient.api(
    'GET',
    `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/segments/`,
    segmentPageSchema,
    { query: { cursor, limit: SEGMENT_PAGE_LIMITS.pageMax } },
  );
}

/** A note's segment pages, for one version of its transcript (its `updated_at`) and first cursor. */
export function voiceNoteSegmentsQueryKey(note: VoiceNote, first: string | null) {
  return [...voiceNoteQueryKey(note.pad_id, note.id), 'segments', note.updated_at, first] as const;
}

export interface NoteSegments {
  /** The segments loaded so far, in time order: all of them unless `hasMore`. */
  segments: readonly TranscriptSegment[];
  hasMore: boolean;
  loading: boolean;
  /** Loads the next page (a no-op while one loads or when there is none). */
  loadMore: () => void;
}

/**
 * A note's segments: those in its own answer, then, for a long note (`segments_paged`, ADR
 * 0056), the following pages as loadMore asks for them. Keyed under the note, so a new
 * transcript (the note refetched with another `updated_at`) starts again from its first page.
 */
export function useNoteSegments(note: VoiceNote): NoteSegments {
  const first = note.segments_paged ? (note.segments_next ?? null) : null;
  const pages = useInfiniteQuery({
    queryKey: voiceNoteSegmentsQueryKey(note, first),
    queryFn: ({ pageParam }) => getVoiceNoteSegments(note.pad_id, note.id, pageParam),
    initialPageParam: first ?? '',
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: false,
    staleTime: Infinity,
  });
  const loaded = pages.data?.pages;
  const segments = useMemo(
    () => (loaded ? [...note.segments, ...loaded.flatMap((page) => page.results)] : note.segments),
    [note.segments, loaded],
  );
  const hasMore = first !== null && (loaded === undefined || pages.hasNextPage);
  const loading = pages.isFetching;
  const loadMore = () => {
    if (!hasMore || loading) return;
    if (loaded === undefined) void pages.refetch();
    else void pages.fetchNextPage();
  };
  return { segments, hasMore, loading, loadMore };
}
