import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SignedOutError } from '../../../../features/account/api/account-call.ts';
import { ANONYMOUS_SESSION, sessionQueryKey } from '../../../../features/auth/api/get-session.ts';

/**
 * When an account call finds the session gone (ended from another device, a password changed
 * elsewhere), go to the login screen, which brings the person back here, instead of leaving
 * them on a page whose every button now fails.
 */
export function useLeaveWhenSignedOut() {
  const queryClient = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    function leaveIfSignedOut(error: unknown) {
      if (!(error instanceof SignedOutError)) return;
      queryClient.setQueryData(sessionQueryKey, ANONYMOUS_SESSION);
      void router.navigate({
        to: '/auth/login',
        search: { redirect: router.state.location.href },
        replace: true,
      });
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leaveIfSignedOut(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leaveIfSignedOut(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, router]);
}
