import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { UpdatePrompt } from '../features/pwa/components/update-prompt.tsx';
import { useTheme } from '../features/theme/hooks/use-theme.ts';
import type { QueryClientLoader } from '../lib/query-client-loader.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { NotFound } from './-components/not-found.tsx';
import { PublicShell } from './-components/public-shell.tsx';
import { QueryClientSlot, useLoadedQueryClient } from './-components/query-client-slot.tsx';

// The toaster comes after the first paint: no page needs it to show, and sonner is a tenth of
// the entry chunk (ADR 0055). Toasts follow what the person does, by then it is there.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export interface RouterContext {
  /** React Query's client, loaded on demand; the layouts that need it put `queryClient` in the context. */
  queries: QueryClientLoader;
}

// Development only: `import.meta.env.DEV` is false in production builds, so these imports are
// removed from the bundle entirely.
const RouterDevtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-router-devtools').then((module) => ({
        default: module.TanStackRouterDevtools,
      })),
    )
  : null;
const QueryDevtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((module) => ({ default: module.ReactQueryDevtools })),
    )
  : null;

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => (
    <PublicShell>
      <NotFound />
    </PublicShell>
  ),
});

/** Sonner's own phone breakpoint: below it toasts take the screen's width. */
const PHONE_QUERY = '(max-width: 600px)';

function RootLayout() {
  const [theme] = useTheme();
  const phone = useMediaQuery(PHONE_QUERY);
  const queryClient = useLoadedQueryClient(Route.useRouteContext().queries);
  return (
    <QueryClientSlot client={queryClient}>
      <Outlet />
      <UpdatePrompt />
      {/* Sonner's defaults supply the rest of spec §9: 356 px wide, 45 px swipe threshold.
          The top offset keeps toasts clear of the header's controls. On a phone a full-width
          toast at the top covered the page's heading, so there they rise from the bottom. */}
      <Suspense fallback={null}>
        <Toaster
          position={phone ? 'bottom-center' : 'top-right'}
          duration={4000}
          visibleToasts={3}
          theme={theme}
          closeButton
          offset={{ top: 72 }}
          mobileOffset={{ bottom: 16 }}
        />
      </Suspense>
      {RouterDevtools && QueryDevtools && queryClient ? (
        <Suspense fallback={null}>
          <RouterDevtools position="bottom-left" />
          <QueryDevtools buttonPosition="bottom-right" />
        </Suspense>
      ) : null}
    </QueryClientSlot>
  );
}
