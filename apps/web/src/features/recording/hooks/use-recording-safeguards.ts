import { useEffect } from 'react';
import { useUnloadWarning } from '../../../hooks/use-unload-warning.ts';
import { useWakeLock } from './use-wake-lock.ts';

/**
 * While a recording is made the screen stays on and leaving the page asks first; while it is
 * still being finished, leaving asks too. A page about to be hidden (and perhaps frozen or
 * killed next, as when a phone locks) saves what is recorded now through `saveNow`.
 */
export function useRecordingSafeguards(
  { recording, finishing }: { recording: boolean; finishing: boolean },
  saveNow: () => void,
): void {
  useWakeLock(recording);
  useUnloadWarning(recording || finishing);

  useEffect(() => {
    if (!recording) return;
    const save = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    document.addEventListener('visibilitychange', save);
    window.addEventListener('pagehide', save);
    return () => {
      document.removeEventListener('visibilitychange', save);
      window.removeEventListener('pagehide', save);
    };
  }, [recording, saveNow]);
}
