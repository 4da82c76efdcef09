import type { SignupRequest } from '@voxpad/shared/auth';
import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/signup with `{email, username, password}`. */
export function signup(payload: SignupRequest): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/signup', { body: payload });
}
