import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { createdApiTokenSchema, type CreateApiToken, type CreatedApiToken } from '@voxpad/shared/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isHttpError } from '../../../lib/api-client.ts';
import { apiTokensQueryKey } from './get-api-tokens.ts';

/** POST tokens/ `{name, expires_in_days}` -> 201 with the token, the only time it is ever shown. */
export function createApiToken(input: CreateApiToken): Promise<CreatedApiToken> {
  return apiClient.api('POST', 'tokens/', createdApiTokenSchema, { body: input });
}

function needsReauthentication(error: unknown): boolean {
  return isHttpError(error) && error.errors.some((e) => e.code === API_ERROR_CODES.reauthenticationRequired);
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
        if (!options.confirmIdentity || !needsReauthentication(error)) throw error;
        if (!(await options.confirmIdentity())) return null;
        return createApiToken(input);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
