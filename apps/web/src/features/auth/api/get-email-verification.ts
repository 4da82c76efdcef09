import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** GET auth/email/verify: checks a verification key (header X-Email-Verification-Key). */
export function getEmailVerification(key: string): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('GET', 'auth/email/verify', {
    headers: { 'X-Email-Verification-Key': key },
  });
}
