import { createdApiTokenSchema, type CreateApiToken, type CreatedApiToken } from '@voxpad/shared/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';

/** POST tokens/ `{name, expires_in_days}` -> 201 with the token, the only time it is ever shown. */
export function createApiToken(input: CreateApiToken): Promise<CreatedApiToken> {
  return apiClient.api('POST', 'tokens/', createdApiTokenSchema, { body: input });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
