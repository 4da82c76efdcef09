import { padSummarySettingsSchema, type PadSummarySettings } from '@voxpad/shared/summaries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { padSummarySettingsPath, padSummarySettingsQueryKey } from './get-pad-summary-settings.ts';

/** PUT pad/{id}/summary-settings/ -> the settings as they now are. */
export function updatePadSummarySettings(
  padId: string,
  settings: PadSummarySettings,
): Promise<PadSummarySettings> {
  return apiClient.api('PUT', padSummarySettingsPath(padId), padSummarySettingsSchema, { body: settings });
}

export function useUpdatePadSummarySettings(padId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PadSummarySettings) => updatePadSummarySettings(padId, settings),
    onSuccess: (settings) => queryClient.setQueryData(padSummarySettingsQueryKey(padId), settings),
  });
}
