import type { Workbox } from 'workbox-window';

/**
 * Registers the service worker (production builds only: in development Vite serves modules
 * the worker would cache) and tells the page when a new version is waiting to take over.
 * workbox-window is imported when registering, so it is not part of what a page loads before
 * its first paint (ADR 0055).
 */
type Listener = () => void;

let workbox: Workbox | null = null;
let registering = false;
let updateWaiting = false;
const listeners = new Set<Listener>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registering) return;
  registering = true;
  import('workbox-window')
    .then(({ Workbox }) => {
      const registered = new Workbox('/sw.js', { scope: '/' });
      workbox = registered;
      // A worker already waiting when the page loaded counts too (wasWaitingBeforeRegister).
      registered.addEventListener('waiting', () => setUpdateWaiting(true));
      return registered.register();
    })
    .catch((error: unknown) => console.warn('The offline support could not start.', error));
}

/** Lets the waiting version take over, then reloads into it. */
export function applyUpdate(): void {
  const current = workbox;
  if (!current) return;
  current.addEventListener('controlling', () => window.location.reload());
  current.messageSkipWaiting();
}
