import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';

/** DELETE tokens/ -> 204: every token of the account stops working at once. */
export function revokeAllApiTokens(): Promise<void> {
  return apiClient.apiVoid('DELETE', 'tokens/');
}

export function useRevokeAllApiTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllApiTokens,
    onSuccess: () => queryClient.setQueryData(apiTokensQueryKey, []),
  });
}
