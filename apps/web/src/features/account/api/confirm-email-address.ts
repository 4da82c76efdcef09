import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountCall } from './account-call.ts';
import { emailAddressesQueryKey } from './get-email-addresses.ts';

/**
 * POST auth/email/verify from the logged-in account area: allauth confirms the address and
 * answers the (unchanged) session, 200; an unknown or spent key is a 400.
 */
export async function confirmEmailAddress(key: string): Promise<void> {
  await accountCall<unknown>('POST', 'auth/email/verify', { key });
}

export function useConfirmEmailAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailAddressesQueryKey }),
  });
}
