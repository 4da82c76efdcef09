import type { EmailAddress } from '@voxpad/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { emailAddressesQueryKey } from './get-email-addresses.ts';

/** DELETE account/email: never the primary (which also keeps the last address). */
export function removeEmailAddress(email: string): Promise<EmailAddress[]> {
  return accountCall<EmailAddress[]>('DELETE', 'account/email', { email });
}

export function useRemoveEmailAddress() {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (email: string) => reauthenticated(() => removeEmailAddress(email)),
    onSuccess: (addresses) => queryClient.setQueryData(emailAddressesQueryKey, addresses),
  });
}
