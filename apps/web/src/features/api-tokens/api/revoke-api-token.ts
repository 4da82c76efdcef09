import type { ApiToken } from '@voxpad/shared/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';

/** DELETE tokens/{id}/ -> 204; scripts using it stop working at once. */
export function revokeApiToken(id: string): Promise<void> {
  return apiClient.apiVoid('DELETE', `tokens/${encodeURIComponent(id)}/`);
}

export function useRevokeApiToken(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: apiTokensQueryKey });
      const previous = queryClient.getQueryData<ApiToken[]>(apiTokensQueryKey);
      if (previous)
        queryClient.setQueryData(
          apiTokensQueryKey,
          previous.filter((token) => token.id !== id),
        );
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(apiTokensQueryKey, context.previous);
      options.onError?.(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
