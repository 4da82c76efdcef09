import { highlightListSchema, type Highlight } from '@voxpad/shared/highlights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** A note's highlights; every change to one refreshes it. */
export const highlightsQueryKey = (noteId: string) => ['highlights', noteId] as const;

const notePath = (padId: string, noteId: string) =>
  `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(noteId)}/highlights/`;

export function highlightsApiPath(padId: string, noteId: string, highlightId?: string): string {
  return highlightId === undefined
    ? notePath(padId, noteId)
    : `${notePath(padId, noteId)}${encodeURIComponent(highlightId)}/`;
}

/** GET pad/{id}/voicenote/{vid}/highlights/: earliest first. */
export async function getHighlights(padId: string, noteId: string): Promise<Highlight[]> {
  return (await apiClient.api('GET', highlightsApiPath(padId, noteId), highlightListSchema)).results;
}

export function highlightsQueryOptions(padId: string, noteId: string) {
  return queryOptions({
    queryKey: highlightsQueryKey(noteId),
    queryFn: () => getHighlights(padId, noteId),
  });
}

export function useHighlights(padId: string, noteId: string) {
  return useQuery(highlightsQueryOptions(padId, noteId));
}
