import { padSummarySettingsSchema, type PadSummarySettings } from '@voxpad/shared/summaries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const padSummarySettingsQueryKey = (padId: string) => ['pad-summary-settings', padId] as const;

export const padSummarySettingsPath = (padId: string) => `pad/${encodeURIComponent(padId)}/summary-settings/`;

/** GET pad/{id}/summary-settings/ -> whether the pad's new notes are summarised. */
export function getPadSummarySettings(padId: string): Promise<PadSummarySettings> {
  return apiClient.api('GET', padSummarySettingsPath(padId), padSummarySettingsSchema);
}

export function usePadSummarySettings(padId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: padSummarySettingsQueryKey(padId),
      queryFn: () => getPadSummarySettings(padId),
      enabled,
    }),
  );
}
