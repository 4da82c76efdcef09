import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Toaster } from 'sonner';
import { UpdatePrompt } from '../features/pwa/components/update-prompt.tsx';
import { useTheme } from '../features/theme/hooks/use-theme.ts';
import { NotFound } from './-components/not-found.tsx';
import { PublicShell } from './-components/public-shell.tsx';

export interface RouterContext {
  queryClient: QueryClient;
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

function RootLayout() {
  const [theme] = useTheme();
  return (
    <>
      <Outlet />
      <UpdatePrompt />
      {/* Sonner's defaults supply the rest of spec §9: 356 px wide, 45 px swipe threshold.
          The top offset keeps toasts clear of the header's controls. */}
      <Toaster
        position="top-right"
        duration={4000}
        visibleToasts={3}
        theme={theme}
        closeButton
        offset={{ top: 72 }}
        mobileOffset={{ top: 72 }}
      />
      {RouterDevtools && QueryDevtools ? (
        <Suspense fallback={null}>
          <RouterDevtools position="bottom-left" />
          <QueryDevtools buttonPosition="bottom-right" />
        </Suspense>
      ) : null}
    </>
  );
}
