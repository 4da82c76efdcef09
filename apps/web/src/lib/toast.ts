import type * as SonnerExports from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerExports;
type Kind = 'success' | 'error' | 'info';

let sonner: Promise<Sonner> | undefined;

function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    // Offline before the service worker kept it: the next toast tries again.
    sonner = undefined;
    throw error;
  });
  return sonner;
}

function show(kind: Kind) {
  return (message: string, options?: ExternalToast): void => {
    loadSonner().then(
      ({ toast: sonnerToast }) => sonnerToast[kind](message, options),
      (error: unknown) => console.warn(`A toast could not be shown: ${message}`, error),
    );
  };
}

/**
 * sonner's toasts, with sonner imported when the first one is shown: no page needs it to paint,
 * and it was a twentieth of the home screen's first JavaScript (ADR 0055). The root layout's
 * Toaster is loaded the same way; both share sonner's one toast queue.
 */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
