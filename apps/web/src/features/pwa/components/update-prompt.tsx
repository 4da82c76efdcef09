import { useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { applyUpdate, isUpdateWaiting, subscribeToUpdate } from '../register-service-worker.ts';

/** "A new version is available — Reload", shown while a newer service worker waits. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-4 z-50 mx-auto flex w-fit max-w-[calc(100%-2rem)] flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <span>A new version is available.</span>
      <Button onClick={applyUpdate}>Reload</Button>
    </div>
  );
}
