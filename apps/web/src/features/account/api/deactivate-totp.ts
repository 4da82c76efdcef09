import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { authenticatorsQueryKey } from './get-authenticators.ts';

/** DELETE account/authenticators/totp: logins no longer ask for the app's code. */
export async function deactivateTotp(): Promise<void> {
  await accountCall<unknown>('DELETE', 'account/authenticators/totp');
}

export function useDeactivateTotp() {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: () => reauthenticated(deactivateTotp),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authenticatorsQueryKey }),
  });
}
