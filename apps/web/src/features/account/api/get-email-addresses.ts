import type { EmailAddress } from '@voxpad/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountCall } from './account-call.ts';

export const emailAddressesQueryKey = ['account', 'email-addresses'] as const;

/** GET account/email: the primary address first, each marked verified or not. */
export function getEmailAddresses(): Promise<EmailAddress[]> {
  return accountCall<EmailAddress[]>('GET', 'account/email');
}

export function emailAddressesQueryOptions() {
  return queryOptions({ queryKey: emailAddressesQueryKey, queryFn: getEmailAddresses });
}

export function useEmailAddresses() {
  return useQuery(emailAddressesQueryOptions());
}
