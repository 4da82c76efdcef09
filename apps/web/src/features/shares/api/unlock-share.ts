import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { publicShareQueryKey } from './get-public-share.ts';

/** POST public/shares/{token}/unlock `{password}` -> 204 and a cookie that opens this link. */
export function unlockShare(token: string, password: string): Promise<void> {
  return apiClient.apiVoid('POST', `public/shares/${encodeURIComponent(token)}/unlock`, {
    body: { password },
  });
}

export function useUnlockShare(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => unlockShare(token, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicShareQueryKey(token) }),
  });
}
