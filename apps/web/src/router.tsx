import { createRouter } from '@tanstack/react-router';
import { PageSpinner } from './components/ui/spinner.tsx';
import { ANONYMOUS_SESSION, sessionQueryKey } from './features/auth/api/get-session.ts';
import { httpStatusOf, isHttpError } from './lib/api-client.ts';
import { createQueryClientLoader } from './lib/query-client-loader.ts';
import { routeTree } from './routeTree.gen.ts';
import { NotFound } from './routes/-components/not-found.tsx';
import { RouteErrorFallback } from './routes/-components/route-error-fallback.tsx';

/** The API says the session ended (expired, logged out elsewhere): guards must see it at once. */
function isSessionEnded(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === 401) return true;
  return (
    status === 403 && isHttpError(error) && error.errors.some((item) => item.code === 'not_authenticated')
  );
}

export function createAppRouter() {
  // React Query comes with the first page that uses it, not with the login page (ADR 0055).
  const queries = createQueryClientLoader({
    onError: (error) => {
      if (!isSessionEnded(error)) return;
      queries.loaded()?.setQueryData(sessionQueryKey, ANONYMOUS_SESSION);
      // Re-runs the guards of the current page, which redirect to the login screen.
      void router.invalidate();
    },
  });

  const router = createRouter({
    routeTree,
    context: { queries },
    defaultPreload: 'intent',
    // Loaders delegate caching to React Query, so the router itself never serves stale loader data.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: RouteErrorFallback,
    defaultNotFoundComponent: NotFound,
  });
  return { router, queries };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>['router'];
  }
}
