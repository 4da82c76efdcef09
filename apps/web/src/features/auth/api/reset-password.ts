import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/password/reset with `{key, password}`: 200 logged in, 401 log in next, 400 invalid. */
export function resetPassword(payload: { key: string; password: string }): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/password/reset', { body: payload });
}
