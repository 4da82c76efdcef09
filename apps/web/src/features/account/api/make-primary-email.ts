import type { EmailAddress } from '@voxpad/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { emailAddressesQueryKey } from './get-email-addresses.ts';

/** PATCH account/email: a verified address becomes the one mail goes to; the old one is told. */
export function makePrimaryEmail(email: string): Promise<EmailAddress[]> {
  return accountCall<EmailAddress[]>('PATCH', 'account/email', { email, primary: true });
}

export function useMakePrimaryEmail(options: { onChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (email: string) => reauthenticated(() => makePrimaryEmail(email)),
    onSuccess: (addresses) => {
      queryClient.setQueryData(emailAddressesQueryKey, addresses);
      options.onChanged?.();
    },
  });
}
