import type { NoteFilterQuery } from '@voxpad/shared/note-filters';
import { voiceNoteSearchPageSchema, type VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { Page } from '@voxpad/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * GET search/voicenote/?q=&limit=&tag=...: matches in titles and transcripts, with the time heard,
 * among the notes `filters` leave.
 */
export function searchVoiceNotes(
  q: string,
  limit?: number,
  signal?: AbortSignal,
  filters: NoteFilterQuery = {},
): Promise<Page<VoiceNoteSearchHit>> {
  return apiClient.api('GET', 'search/voicenote/', voiceNoteSearchPageSchema, {
    query: { q, limit, ...filters },
    ...(signal ? { signal } : {}),
  });
}

/** Every voice-note search: notes show their tags, so a renamed tag refreshes them. */
export const voiceNoteSearchesQueryKey = ['search', 'voice-notes'] as const;

export function searchVoiceNotesQueryKey(q: string, limit: number, filters: NoteFilterQuery = {}) {
  return [...voiceNoteSearchesQueryKey, q, limit, filters] as const;
}

export function searchVoiceNotesQueryOptions(q: string, limit = 8, filters: NoteFilterQuery = {}) {
  return queryOptions({
    queryKey: searchVoiceNotesQueryKey(q, limit, filters),
    queryFn: ({ signal }) => searchVoiceNotes(q, limit, signal, filters),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useSearchVoiceNotes(q: string, limit?: number, filters?: NoteFilterQuery) {
  return useQuery(searchVoiceNotesQueryOptions(q, limit, filters));
}
