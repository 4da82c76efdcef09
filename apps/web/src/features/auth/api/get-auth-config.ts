import type { AuthConfigResponse } from '@voxpad/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { passkeyReach, type PasskeyReach } from '../../../lib/passkey-reach.ts';
import { authQueryKey } from './get-session.ts';

export type AuthConfig = AuthConfigResponse['data'];

export async function getAuthConfig(): Promise<AuthConfig> {
  const response = await apiClient.auth<AuthConfigResponse | { status: number }>('GET', 'config');
  if (response.status !== 200 || !('data' in response)) throw new HttpError(response.status, response);
  return response.data;
}

export const authConfigQueryKey = [...authQueryKey, 'config'] as const;

export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: authConfigQueryKey,
    queryFn: getAuthConfig,
    // Spec §4: never stale, yet refetched on window focus. With an infinite stale time `true`
    // would never fire (React Query refetches only stale queries on focus), hence 'always'.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: 'always',
  });
}

export function passkeyLoginEnabled(config: AuthConfig): boolean {
  return config.mfa?.passkey_login_enabled ?? false;
}

/** Whether this page can use passkeys with this server (see lib/passkey-reach.ts). */
export function passkeyReachOf(config: AuthConfig): PasskeyReach {
  return passkeyReach(config.mfa?.passkey_origin);
}
