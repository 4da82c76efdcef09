import { apiClient } from '../../../lib/api-client.ts';
import { requestOptionsOf } from '../../../lib/webauthn.ts';
import type { AuthResponse } from './auth-response.ts';

/**
 * auth/webauthn/login: the server's challenge (GET), signed in the browser by a passkey the
 * person picks, handed back (POST). With `autofill`, the browser offers the passkeys in the
 * email field's suggestions (conditional UI) and the promise waits until one is picked.
 * The browser library is imported when a passkey is used, not with the login page (ADR 0055).
 */
export async function logInWithPasskey(options: { autofill?: boolean } = {}): Promise<AuthResponse> {
  const [{ startAuthentication }, answer] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiClient.auth<unknown>('GET', 'auth/webauthn/login'),
  ]);
  const optionsJSON = requestOptionsOf(answer);
  const credential = await startAuthentication({
    optionsJSON,
    useBrowserAutofill: options.autofill ?? false,
  });
  return apiClient.auth<AuthResponse>('POST', 'auth/webauthn/login', { body: { credential } });
}
