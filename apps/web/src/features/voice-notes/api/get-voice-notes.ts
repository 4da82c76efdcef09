import type { NoteFilterQuery } from '@voxpad/shared/note-filters';
import { voiceNoteSchema, type VoiceNote } from '@voxpad/shared/voice-notes';
import { pageSchema, type Page } from '@voxpad/shared/pagination';
import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { isInProgress } from '../utils/voice-note-status.ts';

const voiceNotePageSchema = pageSchema(voiceNoteSchema);

export const POLL_INTERVAL_MS = 2000;

/** GET pad/{id}/voicenote/?cursor=&tag=...: a page of the pad's notes, narrowed by `filters`. */
export function getVoiceNotes(
  padId: string,
  cursor?: string | null,
  filters: NoteFilterQuery = {},
): Promise<Page<VoiceNote>> {
  return apiClient.api('GET', `pad/${encodeURIComponent(padId)}/voicenote/`, voiceNotePageSchema, {
    query: { cursor, ...filters },
  });
}

/** Every query of notes, in every pad, and the recent notes: e.g. after a tag was renamed. */
export const allVoiceNotesQueryKey = ['voice-notes'] as const;

/** Every query of one pad's notes: its list and each note's own. */
export function padVoiceNotesQueryKey(padId: string) {
  return [...allVoiceNotesQueryKey, padId] as const;
}

export function voiceNotesQueryKey(padId: string) {
  return [...padVoiceNotesQueryKey(padId), 'list'] as const;
}

/** The unfiltered list keeps the plain key; a filtered one extends it, so both refresh together. */
function filteredVoiceNotesQueryKey(padId: string, filters: NoteFilterQuery) {
  return Object.keys(filters).length === 0
    ? voiceNotesQueryKey(padId)
    : ([...voiceNotesQueryKey(padId), filters] as const);
}

export function voiceNotesInfiniteQueryOptions(padId: string, filters: NoteFilterQuery = {}) {
  return infiniteQueryOptions({
    queryKey: filteredVoiceNotesQueryKey(padId, filters),
    queryFn: ({ pageParam }) => getVoiceNotes(padId, pageParam, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    // Poll while the server is still working on any note in view.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.results.some((note) => isInProgress(note.status)))
        ? POLL_INTERVAL_MS
        : false,
  });
}

export function useVoiceNotes(padId: string, filters: NoteFilterQuery = {}) {
  return useSuspenseInfiniteQuery(voiceNotesInfiniteQueryOptions(padId, filters));
}
