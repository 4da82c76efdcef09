import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  ANONYMOUS_SESSION,
  authQueryKey,
  sessionQueryKey,
} from '../../../../features/auth/api/get-session.ts';
import { removeOwnerItems } from '../../../../features/outbox/outbox-store.ts';
import { forgetSignedInUser } from '../../../../features/pwa/offline-session.ts';

/**
 * After the account was deleted (the server logged this browser out): forget it on this device
 * too (who was signed in, the recordings its outbox still held, everything cached), and land on
 * the login screen, which says the account is gone.
 */
export function useLeaveDeletedAccount(ownerId: string) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    queryClient.setQueryData(sessionQueryKey, ANONYMOUS_SESSION);
    forgetSignedInUser();
    // The login screen is reached even when this device's storage cannot be cleaned.
    await removeOwnerItems(ownerId).catch(() => undefined);
    // Leave the signed-in screens first, so none of them refetches what is dropped next.
    await router.navigate({ to: '/auth/login', search: { account: 'deleted' }, replace: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authQueryKey[0] });
  }, [queryClient, router, ownerId]);
}
