import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { useMutation } from '@tanstack/react-query';
import { apiClient, hasErrorCode } from '../../../lib/api-client.ts';

/** DELETE account/ -> 204: the account and everything in it are gone, and this browser is logged out. */
export function deleteAccount(): Promise<void> {
  return apiClient.apiVoid('DELETE', 'account/');
}

/**
 * Deleting the account needs a recent login: when the server asks, `confirmIdentity` (the
 * account area's prompt) runs and the same request goes again. Resolves false when the person
 * closed the prompt, so nothing is reported as failed and nothing was deleted.
 */
export function useDeleteAccount(options: { confirmIdentity: () => Promise<boolean> }) {
  return useMutation({
    mutationFn: async (): Promise<boolean> => {
      try {
        await deleteAccount();
      } catch (error) {
        if (!hasErrorCode(error, API_ERROR_CODES.reauthenticationRequired)) throw error;
        if (!(await options.confirmIdentity())) return false;
        await deleteAccount();
      }
      return true;
    },
  });
}
