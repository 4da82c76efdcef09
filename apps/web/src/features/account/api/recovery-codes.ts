import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../lib/api-client.ts';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { authenticatorsQueryKey, type RecoveryCodesAuthenticator } from './get-authenticators.ts';

/** allauth's SensitiveRecoveryCodesAuthenticator: the counts and the unused codes themselves. */
export interface RecoveryCodes extends RecoveryCodesAuthenticator {
  unused_codes: string[];
}

/** GET account/authenticators/recovery-codes: the unused codes (asks to reauthenticate). */
export function getRecoveryCodes(): Promise<RecoveryCodes> {
  return accountCall<RecoveryCodes>('GET', 'account/authenticators/recovery-codes');
}

/** POST account/authenticators/recovery-codes: a new set; every earlier code stops working. */
export function regenerateRecoveryCodes(): Promise<RecoveryCodes> {
  return accountCall<RecoveryCodes>('POST', 'account/authenticators/recovery-codes');
}

/** The codes made along with an account's first authenticator; null when the server made none. */
async function getNewRecoveryCodes(): Promise<RecoveryCodes | null> {
  try {
    return await getRecoveryCodes();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Fetches the codes just made (with the first authenticator) so they can be shown this once. */
export function useShowNewRecoveryCodes() {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: () => reauthenticated(getNewRecoveryCodes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authenticatorsQueryKey }),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: () => reauthenticated(regenerateRecoveryCodes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authenticatorsQueryKey }),
  });
}
