import { focusManager, hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { authConfigQueryKey, authConfigQueryOptions, type AuthConfig } from '../api/get-auth-config.ts';

const authConfigHash = hashKey(authConfigQueryKey);

/**
 * The auth config the route's loader fetched, kept as current as `useAuthConfig` keeps it: the
 * page shows what the query cache holds, and the config is fetched again whenever the window
 * regains focus (spec §4). It follows the cache without React Query's QueryObserver, so the login
 * page's first chunks do without the observer hooks (ADR 0055).
 */
export function useLoadedAuthConfig(loaded: AuthConfig): AuthConfig {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === authConfigHash) onChange();
      }),
    [queryClient],
  );
  const cached = useSyncExternalStore(subscribe, () =>
    queryClient.getQueryData<AuthConfig>(authConfigQueryKey),
  );
  useEffect(
    () =>
      focusManager.subscribe((focused) => {
        // A failed refetch keeps the config shown, as a query with data does; the query cache
        // has reported the error.
        if (focused)
          queryClient.fetchQuery({ ...authConfigQueryOptions(), staleTime: 0 }).catch(() => undefined);
      }),
    [queryClient],
  );
  return cached ?? loaded;
}
