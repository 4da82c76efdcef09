import { voiceNoteSearchPageSchema, type VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { Page } from '@voxpad/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET search/voicenote/?q=&limit=: matches in titles and transcripts, with the time heard. */
export function searchVoiceNotes(
  q: string,
  limit?: number,
  signal?: AbortSignal,
): Promise<Page<VoiceNoteSearchHit>> {
  return apiClient.api('GET', 'search/voicenote/', voiceNoteSearchPageSchema, {
    query: { q, limit },
    ...(signal ? { signal } : {}),
  });
}

export function searchVoiceNotesQueryKey(q: string, limit: number) {
  return ['search', 'voice-notes', q, limit] as const;
}

export function searchVoiceNotesQueryOptions(q: string, limit = 8) {
  return queryOptions({
    queryKey: searchVoiceNotesQueryKey(q, limit),
    queryFn: ({ signal }) => searchVoiceNotes(q, limit, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useSearchVoiceNotes(q: string, limit?: number) {
  return useQuery(searchVoiceNotesQueryOptions(q, limit));
}
