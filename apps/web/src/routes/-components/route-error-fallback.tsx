import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { ErrorComponent, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { reloadOnceOnChunkError } from '../../lib/chunk-reload.ts';
import { reportError } from '../../lib/sentry.ts';

/**
 * The router's default error screen: TanStack's own 'Something went wrong!' with its Show Error /
 * Hide Error toggle, plus a retry. A page module that failed to load reloads the page once.
 */
export function RouteErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  const [reloading] = useState(() => reloadOnceOnChunkError(error));

  useEffect(() => {
    // Lets suspense queries fetch again when the route re-renders after a retry.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  useEffect(() => {
    if (reloading) return;
    console.error('A route failed to load or render.', error);
    reportError(error);
  }, [error, reloading]);

  if (reloading) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-2xl space-y-3 px-4 py-8">
      <ErrorComponent error={error} />
      <Button
        variant="secondary"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Retry
      </Button>
    </div>
  );
}
