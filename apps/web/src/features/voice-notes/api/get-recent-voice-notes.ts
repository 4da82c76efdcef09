import {
  RECENT_VOICE_NOTES_LIMITS,
  recentVoiceNotesSchema,
  type RecentVoiceNotes,
} from '@voxpad/shared/recent-voice-notes';
import type { NoteFilterQuery } from '@voxpad/shared/note-filters';
import { keepPreviousData, queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { isInProgress } from '../utils/voice-note-status.ts';
import { POLL_INTERVAL_MS } from './get-voice-notes.ts';

/** GET voicenote/recent/?limit=&tag=...: the newest notes across every pad (that `filters` leave), newest first. */
export function getRecentVoiceNotes(
  limit: number = RECENT_VOICE_NOTES_LIMITS.limitDefault,
  filters: NoteFilterQuery = {},
): Promise<RecentVoiceNotes> {
  return apiClient.api('GET', 'voicenote/recent/', recentVoiceNotesSchema, {
    query: { limit, ...filters },
  });
}

/** Invalidated by whatever files a new note (an upload from anywhere) or changes one. */
export const recentVoiceNotesQueryKey = ['voice-notes', 'recent'] as const;

export function recentVoiceNotesListQueryKey(limit: number) {
  return [...recentVoiceNotesQueryKey, limit] as const;
}

export function filteredRecentVoiceNotesQueryKey(limit: number, filters: NoteFilterQuery) {
  return [...recentVoiceNotesListQueryKey(limit), filters] as const;
}

export function recentVoiceNotesQueryOptions(limit: number = RECENT_VOICE_NOTES_LIMITS.limitDefault) {
  return queryOptions({
    queryKey: recentVoiceNotesListQueryKey(limit),
    queryFn: () => getRecentVoiceNotes(limit),
    // Statuses change on the server while a note is transcribed: follow them until they settle.
    refetchInterval: (query) =>
      query.state.data?.results.some((note) => isInProgress(note.status)) ? POLL_INTERVAL_MS : false,
  });
}

export function useRecentVoiceNotes(limit?: number): RecentVoiceNotes {
  return useSuspenseQuery(recentVoiceNotesQueryOptions(limit)).data;
}

/** The newest notes the filters leave, across pads, for a filtered view (the search page without words). */
export function useFilteredRecentVoiceNotes(filters: NoteFilterQuery, enabled: boolean) {
  const limit = RECENT_VOICE_NOTES_LIMITS.limitMax;
  return useQuery({
    queryKey: filteredRecentVoiceNotesQueryKey(limit, filters),
    queryFn: () => getRecentVoiceNotes(limit, filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}
