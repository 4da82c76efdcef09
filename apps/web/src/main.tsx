import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './components/errors/error-boundary.tsx';
import { hasSessionHint } from './features/auth/api/session-hint.ts';
import { registerServiceWorker } from './features/pwa/register-service-worker.ts';
import { startThemeSync } from './features/theme/hooks/use-theme.ts';
import { isChunkLoadError, listenForPreloadErrors } from './lib/chunk-reload.ts';
import { initSentry } from './lib/sentry.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

void initSentry();
startThemeSync();
listenForPreloadErrors();
registerServiceWorker();

const { router, queries } = createAppRouter();
// Someone signed in (or midway through signing in) needs React Query on the page they open: its
// module loads beside the entry instead of after it. A signed-out visitor's login page does not.
if (hasSessionHint()) queries.load().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the app in.');

createRoot(container, {
  // The route's error screen decides about a page module that failed to load (offline, a new
  // release) and logs it only if it cannot recover; React would log every attempt.
  onCaughtError: (error, info) => {
    if (!isChunkLoadError(error)) console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <ErrorBoundary>
      <RouterProvider router={router} />
    </ErrorBoundary>
  </StrictMode>,
);
