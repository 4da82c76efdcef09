import { useEffect, useState } from 'react';
import { getAuthConfig, type AuthConfig } from '../api/get-auth-config.ts';

/**
 * The auth config the route's loader fetched, fetched again whenever the page becomes visible
 * again (spec §4: never stale, yet refetched on window focus, as React Query's focus refetch
 * does it). Without React Query, which the login page paints without (ADR 0055).
 */
export function useLoadedAuthConfig(loaded: AuthConfig): AuthConfig {
  const [config, setConfig] = useState(loaded);
  useEffect(() => setConfig(loaded), [loaded]);
  useEffect(() => {
    let current = true;
    const refetch = () => {
      if (document.visibilityState !== 'visible') return;
      // A failed refetch keeps the config shown, as a query with data does.
      getAuthConfig().then(
        (fresh) => {
          if (current) setConfig(fresh);
        },
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', refetch);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', refetch);
    };
  }, []);
  return config;
}
