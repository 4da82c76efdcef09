import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/email/verify with `{key}`: 200 logged in, 401 verified but log in next, 400 invalid key. */
export function verifyEmail(key: string): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/email/verify', { body: { key } });
}
