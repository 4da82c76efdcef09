import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** GET auth/password/reset: checks a reset key (header X-Password-Reset-Key); 200 carries the user. */
export function getPasswordReset(key: string): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('GET', 'auth/password/reset', {
    headers: { 'X-Password-Reset-Key': key },
  });
}
