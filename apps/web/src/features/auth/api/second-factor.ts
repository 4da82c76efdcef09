import { startAuthentication } from '@simplewebauthn/browser';
import { apiClient } from '../../../lib/api-client.ts';
import { requestOptionsOf } from '../../../lib/webauthn.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/2fa/authenticate: the authenticator app's code, or a recovery code. */
export function authenticateWithCode(code: string): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/2fa/authenticate', { body: { code } });
}

/** auth/webauthn/authenticate: one of the account's passkeys as the second step (GET, then POST). */
export async function authenticateWithPasskey(): Promise<AuthResponse> {
  const optionsJSON = requestOptionsOf(await apiClient.auth<unknown>('GET', 'auth/webauthn/authenticate'));
  const credential = await startAuthentication({ optionsJSON });
  return apiClient.auth<AuthResponse>('POST', 'auth/webauthn/authenticate', { body: { credential } });
}

/** POST auth/2fa/trust: whether later logins in this browser may skip the second step. */
export function trustBrowser(trust: boolean): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/2fa/trust', { body: { trust } });
}
