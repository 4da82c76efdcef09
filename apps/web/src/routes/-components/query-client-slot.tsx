import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { QueryClientLoader } from '../../lib/query-client-loader.ts';

/** The query client once lib/query-client-loader.ts has it; undefined before. */
export function useLoadedQueryClient(queries: QueryClientLoader): QueryClient | undefined {
  return useSyncExternalStore(queries.subscribe, queries.loaded);
}

/**
 * QueryClientProvider for a client that arrives after the first paint (lib/query-client-loader.ts):
 * the same element before and after, so the page below is not mounted again when it comes.
 */
export function QueryClientSlot({
  client,
  children,
}: {
  client: QueryClient | undefined;
  children: ReactNode;
}) {
  useEffect(() => {
    if (!client) return undefined;
    // Refetches on window focus and on reconnecting, as QueryClientProvider starts them.
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
