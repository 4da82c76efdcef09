import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { ErrorComponent, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { isChunkLoadError, reloadIfNewBuild } from '../../lib/chunk-reload.ts';
import { reportError } from '../../lib/sentry.ts';

type ChunkCheck = 'checking' | 'reloading' | 'done';

/** Page modules already fetched again once after failing with the same build in place. */
const retriedModules = new Set<string>();

/**
 * The router's default error screen: TanStack's own 'Something went wrong!' with its Show Error /
 * Hide Error toggle, plus a retry. A page module that failed to load reloads the page once when
 * a new release is there; offline, the page says so and opens once the network is back.
 */
export function RouteErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  const online = useOnline();
  const chunkError = isChunkLoadError(error);
  const offlineChunk = chunkError && !online;
  const [check, setCheck] = useState<ChunkCheck>(chunkError ? 'checking' : 'done');

  useEffect(() => {
    // Lets suspense queries fetch again when the route re-renders after a retry.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  useEffect(() => {
    if (!chunkError || offlineChunk) return;
    let current = true;
    void reloadIfNewBuild(error).then((reloading) => {
      if (!current) return;
      const module = error instanceof Error ? error.message : String(error);
      if (!reloading && !retriedModules.has(module)) {
        // The same build is still served: the module is there, the fetch failed (a dropped
        // connection, the network coming back). One more try before showing the error.
        retriedModules.add(module);
        reset();
        void router.invalidate();
        return;
      }
      setCheck(reloading ? 'reloading' : 'done');
    });
    return () => {
      current = false;
    };
  }, [chunkError, offlineChunk, error, reset, router]);

  // Back online: try the page again; its module can be fetched now.
  useEffect(() => {
    if (!offlineChunk) return;
    const retry = () => {
      reset();
      void router.invalidate();
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offlineChunk, reset, router]);

  const settled = !offlineChunk && check === 'done';
  useEffect(() => {
    if (!settled) return;
    console.error('A route failed to load or render.', error);
    reportError(error);
  }, [error, settled]);

  if (offlineChunk) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <FormAlert tone="info">
          You are offline, so this page could not be opened. It opens by itself when you are back online.
        </FormAlert>
      </div>
    );
  }
  if (!settled) return <PageSpinner />;

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
