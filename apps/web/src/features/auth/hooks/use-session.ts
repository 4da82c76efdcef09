import { useSuspenseQuery } from '@tanstack/react-query';
import { sessionQueryOptions, type SessionState } from '../api/get-session.ts';

/**
 * The session, suspending until it is known. Apart from get-session.ts, which the entry chunk
 * holds: React Query's observer hooks are not part of the login page's first chunks (ADR 0055).
 */
export function useSession(): SessionState {
  return useSuspenseQuery(sessionQueryOptions()).data;
}
