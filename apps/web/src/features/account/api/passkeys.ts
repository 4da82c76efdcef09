import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creationOptionsOf } from '../../../lib/webauthn.ts';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { authenticatorsQueryKey, type WebAuthnAuthenticator } from './get-authenticators.ts';
import { AUTHENTICATOR_CONFLICT } from './get-totp-setup.ts';

const conflict = { conflictMessage: AUTHENTICATOR_CONFLICT };

/**
 * account/authenticators/webauthn: the server's creation options (GET, as a passkey that can
 * log in on its own), a new credential made by the browser, then the credential with its name
 * (POST).
 */
export async function addPasskey(name: string): Promise<WebAuthnAuthenticator> {
  const options = await accountCall<unknown>(
    'GET',
    'account/authenticators/webauthn?passwordless=true',
    undefined,
    conflict,
  );
  const credential = await startRegistration({
    optionsJSON: creationOptionsOf({ status: 200, data: options }),
  });
  return accountCall<WebAuthnAuthenticator>(
    'POST',
    'account/authenticators/webauthn',
    { name, credential },
    conflict,
  );
}

/** PUT account/authenticators/webauthn: a passkey's new name. */
export function renamePasskey(request: { id: WebAuthnAuthenticator['id']; name: string }) {
  return accountCall<WebAuthnAuthenticator>('PUT', 'account/authenticators/webauthn', request);
}

/** DELETE account/authenticators/webauthn: the passkey no longer logs in. */
export async function deletePasskey(id: WebAuthnAuthenticator['id']): Promise<void> {
  await accountCall<unknown>('DELETE', 'account/authenticators/webauthn', { authenticators: [id] });
}

function usePasskeyMutation<V, R>(action: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (variables: V) => reauthenticated(() => action(variables)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authenticatorsQueryKey }),
  });
}

export function useAddPasskey() {
  return usePasskeyMutation(addPasskey);
}

export function useRenamePasskey() {
  return usePasskeyMutation(renamePasskey);
}

export function useDeletePasskey() {
  return usePasskeyMutation(deletePasskey);
}
