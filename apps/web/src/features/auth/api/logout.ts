import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ANONYMOUS_SESSION, authQueryKey, deleteSession, sessionQueryKey } from './get-session.ts';

/**
 * DELETE auth/session; the server answers 401 (no longer authenticated), which is success here.
 * allauth's contract fixes that status, so Chromium logs this one answer as a failed request
 * ("Failed to load resource … 401") when someone logs out; it is the only such line left.
 * Signed-out page loads no longer ask GET auth/session at all (see session-hint.ts).
 */
export async function logout(): Promise<void> {
  await deleteSession();
}

export function useLogout(options: { onLoggedOut?: () => Promise<void> | void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      queryClient.setQueryData(sessionQueryKey, ANONYMOUS_SESSION);
      // Leave the signed-in screens first, so none of them refetches what is dropped next.
      await options.onLoggedOut?.();
      // Drop everything the previous user could see before anyone else uses this browser.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authQueryKey[0] });
    },
  });
}
