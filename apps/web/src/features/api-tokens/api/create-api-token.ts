import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { createdApiTokenSchema, type CreateApiToken, type CreatedApiToken } from '@voxpad/shared/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, hasErrorCode } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';

/** POST tokens/ `{name, expires_in_days}` -> 201 with the token, the only time it is ever shown. */
export function createApiToken(input: CreateApiToken): Promise<CreatedApiToken> {
  return apiClient.api('POST', 'tokens/', createdApiTokenSchema, { body: input });
}

/**
 * Creating a token needs a recent login: when the server asks, `confirmIdentity` (the account
 * area's prompt) runs and the same request goes again. Resolves null when the person closed
 * the prompt, so nothing is reported as failed.
 */
export function useCreateApiToken(options: { confirmIdentity?: () => Promise<boolean> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiToken): Promise<CreatedApiToken | null> => {
      try {
        return await createApiToken(input);
      } catch (error) {
        const reauthenticate = hasErrorCode(error, API_ERROR_CODES.reauthenticationRequired);
        if (!options.confirmIdentity || !reauthenticate) throw error;
        if (!(await options.confirmIdentity())) return null;
        return createApiToken(input);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
