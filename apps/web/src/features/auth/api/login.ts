import type { LoginRequest } from '@voxpad/shared/auth';
import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** POST auth/login with `{username | email, password}`. */
export function login(payload: LoginRequest): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/login', { body: payload });
}
