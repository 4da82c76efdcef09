import { SUMMARY_ERROR_CODES, summaryAnswerSchema, type SummaryAnswer } from '@voxpad/shared/summaries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, hasErrorCode } from '../../../lib/api-client.ts';

/** How often a summary being written is looked at again. */
const POLL_MS = 1000;

export const summaryQueryKey = (padId: string, noteId: string) => ['summary', padId, noteId] as const;

export const summaryPath = (padId: string, noteId: string) =>
  `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(noteId)}/summary/`;

/** GET .../summary/ -> the newest version, or null when the note was never summarised. */
export async function getSummary(padId: string, noteId: string): Promise<SummaryAnswer | null> {
  try {
    return await apiClient.api('GET', summaryPath(padId, noteId), summaryAnswerSchema);
  } catch (error) {
    if (hasErrorCode(error, SUMMARY_ERROR_CODES.noSummary)) return null;
    throw error;
  }
}

export const isWriting = (summary: SummaryAnswer | null | undefined) =>
  summary?.status === 'queued' || summary?.status === 'running';

export function summaryQueryOptions(padId: string, noteId: string, enabled = true) {
  return queryOptions({
    queryKey: summaryQueryKey(padId, noteId),
    queryFn: () => getSummary(padId, noteId),
    enabled,
    // Followed while it is being written; still once it is done or failed.
    refetchInterval: (query) => (isWriting(query.state.data) ? POLL_MS : false),
  });
}

export function useSummary(padId: string, noteId: string, enabled = true) {
  return useQuery(summaryQueryOptions(padId, noteId, enabled));
}
