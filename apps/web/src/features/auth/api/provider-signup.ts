import type { Provider } from '@voxpad/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';
import { authQueryKey } from './get-session.ts';

/** What the provider told the server so far (allauth's ProviderSignup response). */
export interface ProviderSignupInfo {
  email: Array<{ email: string; primary: boolean; verified: boolean }>;
  account: { uid: string; display: string; provider: Provider };
  user: { display: string; email?: string; username?: string };
}

/** GET auth/provider/signup: 200 with the pending provider account, 409 when none is pending. */
export async function getProviderSignup(): Promise<ProviderSignupInfo | null> {
  const response = await apiClient.auth<{ status: number; data?: ProviderSignupInfo }>(
    'GET',
    'auth/provider/signup',
  );
  return response.status === 200 && response.data ? response.data : null;
}

export const providerSignupQueryKey = [...authQueryKey, 'provider-signup'] as const;

/** The pending provider signup, read afresh each time the form shows. */
export function providerSignupQueryOptions() {
  return queryOptions({ queryKey: providerSignupQueryKey, queryFn: getProviderSignup, staleTime: 0 });
}

/** POST auth/provider/signup with `{email, username?}`: 200 logged in, 401 verify the email, 400 errors. */
export function providerSignup(payload: { email: string; username?: string }): Promise<AuthResponse> {
  return apiClient.auth<AuthResponse>('POST', 'auth/provider/signup', { body: payload });
}
