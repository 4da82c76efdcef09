import { adaptationStateSchema, type AdaptationState } from '@voxpad/shared/adaptation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const adaptationQueryKey = ['adaptation'] as const;

/** How often the state is read again while a build is queued or running. */
export const ADAPTATION_POLL_MS = 2000;

/** GET adaptation/ -> what the recogniser has learnt about the caller (ADR 0038). */
export function getAdaptation(): Promise<AdaptationState> {
  return apiClient.api('GET', 'adaptation/', adaptationStateSchema);
}

/** A build is on its way: the state changes without the person doing anything. */
export function isBuilding(state: AdaptationState | undefined): boolean {
  return state?.status === 'queued' || state?.status === 'running';
}

export function adaptationQueryOptions() {
  return queryOptions({
    queryKey: adaptationQueryKey,
    queryFn: getAdaptation,
    refetchInterval: (query) => (isBuilding(query.state.data) ? ADAPTATION_POLL_MS : false),
  });
}

export function useAdaptation() {
  return useQuery(adaptationQueryOptions());
}
