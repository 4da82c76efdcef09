import { settingsSchema, type Settings, type UpdateSettings } from '@voxpad/shared/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const settingsQueryKey = ['settings'] as const;

/** GET settings/ -> the account's product settings. */
export function getSettings(): Promise<Settings> {
  return apiClient.api('GET', 'settings/', settingsSchema);
}

/** PATCH settings/ with the changed fields -> every setting as it now is. */
export function updateSettings(change: UpdateSettings): Promise<Settings> {
  return apiClient.api('PATCH', 'settings/', settingsSchema, { body: change });
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
