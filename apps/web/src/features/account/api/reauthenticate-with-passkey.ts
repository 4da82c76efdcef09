import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { requestOptionsOf } from '../../../lib/webauthn.ts';
import { accountCall } from './account-call.ts';

/**
 * auth/webauthn/reauthenticate: the server's challenge (GET), signed by one of the account's
 * passkeys in the browser, handed back (POST) to vouch for sensitive changes a while longer.
 */
export async function reauthenticateWithPasskey(): Promise<void> {
  const optionsJSON = requestOptionsOf(await apiClient.auth<unknown>('GET', 'auth/webauthn/reauthenticate'));
  const credential = await startAuthentication({ optionsJSON });
  await accountCall<unknown>('POST', 'auth/webauthn/reauthenticate', { credential });
}

export function useReauthenticateWithPasskey() {
  return useMutation({ mutationFn: reauthenticateWithPasskey });
}
