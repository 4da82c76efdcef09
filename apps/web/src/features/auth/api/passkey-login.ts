import { startAuthentication } from '@simplewebauthn/browser';
import { apiClient } from '../../../lib/api-client.ts';
import { requestOptionsOf } from '../../../lib/webauthn.ts';
import type { AuthResponse } from './auth-response.ts';

/**
 * auth/webauthn/login: the server's challenge (GET), signed in the browser by a passkey the
 * person picks, handed back (POST). With `autofill`, the browser offers the passkeys in the
 * email field's suggestions (conditional UI) and the promise waits until one is picked.
 */
export async function logInWithPasskey(options: { autofill?: boolean } = {}): Promise<AuthResponse> {
  const optionsJSON = requestOptionsOf(await apiClient.auth<unknown>('GET', 'auth/webauthn/login'));
  const credential = await startAuthentication({
    optionsJSON,
    useBrowserAutofill: options.autofill ?? false,
  });
  return apiClient.auth<AuthResponse>('POST', 'auth/webauthn/login', { body: { credential } });
}
