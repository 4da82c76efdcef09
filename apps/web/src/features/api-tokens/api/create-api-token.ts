import { createdApiTokenSchema, type CreatedApiToken } from '@voxpad/shared/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';

/** POST tokens/ `{name}` -> 201 with the token, the only time it is ever shown. */
export function createApiToken(name: string): Promise<CreatedApiToken> {
  return apiClient.api('POST', 'tokens/', createdApiTokenSchema, { body: { name } });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
