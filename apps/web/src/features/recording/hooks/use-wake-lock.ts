import { useEffect } from 'react';

/**
 * Keeps the screen on while `active`, so a phone does not lock (and the browser freeze the
 * page) in the middle of a recording. The browser drops the lock whenever the page is hidden;
 * it is taken again when the page shows. Where there is no Wake Lock API this does nothing.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (ended) void next.release();
        else sentinel = next;
      } catch {
        // Refused (battery saver, no user gesture yet): recording goes on regardless.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
