import type { DisconnectProviderRequest, ProviderAccount } from '@voxpad/shared/connected-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { providerAccountsQueryKey } from './get-provider-accounts.ts';

/** DELETE account/providers: refused (400) when it would leave the account with no way to log in. */
export function disconnectProviderAccount(request: DisconnectProviderRequest): Promise<ProviderAccount[]> {
  return accountCall<ProviderAccount[]>('DELETE', 'account/providers', request);
}

export function useDisconnectProviderAccount() {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (request: DisconnectProviderRequest) =>
      reauthenticated(() => disconnectProviderAccount(request)),
    onSuccess: (accounts) => queryClient.setQueryData(providerAccountsQueryKey, accounts),
  });
}
