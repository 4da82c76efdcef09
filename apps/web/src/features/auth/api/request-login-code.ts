import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/code/request: emails a one-time login code; 401 with a pending login_by_code flow is success. */
export function requestLoginCode(email: string): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/code/request', { body: { email } });
}
