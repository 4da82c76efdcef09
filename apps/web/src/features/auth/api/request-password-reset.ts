import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/password/request: 200 (link sent) or 401 (a reset-by-code flow is now pending). */
export function requestPasswordReset(email: string): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/password/request', { body: { email } });
}
