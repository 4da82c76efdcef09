import { summaryAnswerSchema, type SummaryAnswer } from '@voxpad/shared/summaries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { summaryPath, summaryQueryKey } from './get-summary.ts';

/** POST .../summary/ -> 202 with the queued version (or the one already being written). */
export function requestSummary(padId: string, noteId: string): Promise<SummaryAnswer> {
  return apiClient.api('POST', summaryPath(padId, noteId), summaryAnswerSchema);
}

export function useRequestSummary(padId: string, noteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestSummary(padId, noteId),
    // The answer is the newest version: shown at once, then followed until it is written.
    onSuccess: (answer) => queryClient.setQueryData(summaryQueryKey(padId, noteId), answer),
  });
}
