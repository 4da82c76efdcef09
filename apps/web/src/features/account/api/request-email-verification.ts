import { useMutation } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';

/** PUT account/email: mails a new confirmation link to one of the account's unverified addresses. */
export async function requestEmailVerification(email: string): Promise<void> {
  await accountCall<unknown>('PUT', 'account/email', { email });
}

export function useRequestEmailVerification() {
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (email: string) => reauthenticated(() => requestEmailVerification(email)),
  });
}
