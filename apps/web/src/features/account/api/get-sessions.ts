import type { UserSession } from '@voxpad/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountCall } from './account-call.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** GET auth/sessions: where the account is logged in, this browser marked `is_current`. */
export function getSessions(): Promise<UserSession[]> {
  return accountCall<UserSession[]>('GET', 'auth/sessions');
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
