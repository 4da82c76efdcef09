import type { EmailAddress } from '@voxpad/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { emailAddressesQueryKey } from './get-email-addresses.ts';

/** POST account/email: the address joins unverified and a confirmation link is mailed to it. */
export function addEmailAddress(email: string): Promise<EmailAddress[]> {
  return accountCall<EmailAddress[]>('POST', 'account/email', { email });
}

export function useAddEmailAddress() {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (email: string) => reauthenticated(() => addEmailAddress(email)),
    onSuccess: (addresses) => queryClient.setQueryData(emailAddressesQueryKey, addresses),
  });
}
