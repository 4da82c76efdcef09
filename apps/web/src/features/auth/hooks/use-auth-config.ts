import { useSuspenseQuery } from '@tanstack/react-query';
import { authConfigQueryOptions, type AuthConfig } from '../api/get-auth-config.ts';

/** The server's auth config, suspending until it is loaded (spec §4: refetched on window focus). */
export function useAuthConfig(): AuthConfig {
  return useSuspenseQuery(authConfigQueryOptions()).data;
}
