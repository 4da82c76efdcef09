import { apiTokenListSchema, type ApiToken } from '@voxpad/shared/api-tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const apiTokensQueryKey = ['api-tokens'] as const;

/** GET tokens/ -> `{results}`: names and dates only, never the tokens themselves. */
export async function getApiTokens(): Promise<ApiToken[]> {
  return (await apiClient.api('GET', 'tokens/', apiTokenListSchema)).results;
}

export function apiTokensQueryOptions() {
  return queryOptions({ queryKey: apiTokensQueryKey, queryFn: getApiTokens });
}

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
