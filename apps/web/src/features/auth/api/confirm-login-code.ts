import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/code/confirm with the emailed code. */
export function confirmLoginCode(code: string): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/code/confirm', { body: { code } });
}
