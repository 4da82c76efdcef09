import type { QueryClient } from '@tanstack/react-query';
import type * as QueryClientModuleExports from './query-client.ts';
import type { QueryClientOptions } from './query-client.ts';

/**
 * React Query's client, imported when a page first needs it: the login page paints without it
 * (ADR 0055). The layouts whose pages use it wait for `load()` in their beforeLoad and hand the
 * client on in the route context; the root layout provides it to components once it is there.
 */
export interface QueryClientLoader {
  load(): Promise<QueryClient>;
  /** The client once loaded; undefined before. */
  loaded(): QueryClient | undefined;
  /** Called once, when the client is there. */
  subscribe(listener: () => void): () => void;
}

type QueryClientModule = Pick<typeof QueryClientModuleExports, 'createQueryClient'>;

export function createQueryClientLoader(
  options: QueryClientOptions,
  importModule: () => Promise<QueryClientModule> = () => import('./query-client.ts'),
): QueryClientLoader {
  let client: QueryClient | undefined;
  let loading: Promise<QueryClient> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importModule().then(
        ({ createQueryClient }) => {
          client = createQueryClient(options);
          for (const listener of listeners) listener();
          return client;
        },
        (error: unknown) => {
          // Offline before the service worker kept the module: the next page tries again.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => client,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
