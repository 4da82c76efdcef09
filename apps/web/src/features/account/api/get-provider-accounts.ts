import type { ProviderAccount } from '@voxpad/shared/connected-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountCall } from './account-call.ts';

export const providerAccountsQueryKey = ['account', 'provider-accounts'] as const;

/** GET account/providers: the third-party accounts that log in to this account. */
export function getProviderAccounts(): Promise<ProviderAccount[]> {
  return accountCall<ProviderAccount[]>('GET', 'account/providers');
}

export function providerAccountsQueryOptions() {
  return queryOptions({ queryKey: providerAccountsQueryKey, queryFn: getProviderAccounts });
}

export function useProviderAccounts() {
  return useQuery(providerAccountsQueryOptions());
}
