import { voiceNoteSearchPageSchema, type VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { Page } from '@voxpad/shared/pagination';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET search/voicenote/?q=&cursor=: matches in titles and transcripts, with the time heard. */
export function searchVoiceNotes(q: string, cursor?: string | null): Promise<Page<VoiceNoteSearchHit>> {
  return apiClient.api('GET', 'search/voicenote/', voiceNoteSearchPageSchema, { query: { q, cursor } });
}

export function searchVoiceNotesInfiniteQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: ['search', 'voice-notes', q] as const,
    queryFn: ({ pageParam }) => searchVoiceNotes(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    enabled: q.trim().length > 0,
  });
}

export function useSearchVoiceNotes(q: string) {
  return useInfiniteQuery(searchVoiceNotesInfiniteQueryOptions(q));
}
