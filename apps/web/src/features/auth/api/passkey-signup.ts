import { startRegistration } from '@simplewebauthn/browser';
import { apiClient } from '../../../lib/api-client.ts';
import { creationOptionsOf } from '../../../lib/webauthn.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/webauthn/signup: starts an account without a password (`{email, username?}`). */
export function startPasskeySignup(payload: { email: string; username?: string }): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/webauthn/signup', { body: payload });
}

/**
 * Completes a pending passkey signup: the server's creation options (GET), a new passkey made
 * by the browser, handed back with its name (PUT). A 409 to the GET: no signup is pending.
 */
export async function createSignupPasskey(name: string): Promise<AuthResponse> {
  const options = await apiClient.auth<{ status: number }>('GET', 'auth/webauthn/signup');
  if (options.status === 409) {
    return { status: 409, errors: [{ code: 'conflict', message: SIGNUP_NOT_PENDING }] };
  }
  const credential = await startRegistration({ optionsJSON: creationOptionsOf(options) });
  return apiClient.auth<AuthResponse>('PUT', 'auth/webauthn/signup', { body: { name, credential } });
}

export const SIGNUP_NOT_PENDING =
  'This sign-up is no longer waiting for a passkey (it may have timed out). Start again.';
