import type { ChangePasswordRequest } from '@voxpad/shared/account';
import { useMutation } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';

/**
 * POST account/password/change (allauth's "set" when `current_password` is left out): other
 * sessions end, API tokens are revoked, and this browser gets a fresh session and csrftoken.
 */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  // Leaving the page while it says "Saving…" must not lose the new session's cookies.
  await accountCall<unknown>('POST', 'account/password/change', request, { rotatesSession: true });
}

export function useChangePassword(options: { onChanged?: () => void } = {}) {
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => reauthenticated(() => changePassword(request)),
    onSuccess: () => options.onChanged?.(),
  });
}
