import { useEffect, useRef } from 'react';
import { isOwnedByTarget, SEEK_STEP_SECONDS } from '../../../lib/playback.ts';

export const NOTE_SHORTCUTS: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: 'Space', does: 'Play or pause' },
  { keys: '← / →', does: `Back or forward ${SEEK_STEP_SECONDS} seconds` },
];

/**
 * Space plays or pauses and the arrow keys skip, anywhere on the page except where the key
 * belongs to the focused element (a field, Space on a button, arrows on a slider or a word).
 */
export function usePlayerShortcuts(
  enabled: boolean,
  actions: { togglePlay: () => void; skip: (seconds: number) => void },
): void {
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  }, [actions]);

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isOwnedByTarget(event.key, event.target)) return;
      if (event.key === ' ' || event.key === 'Spacebar') {
        event.preventDefault();
        actionsRef.current.togglePlay();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        actionsRef.current.skip(event.key === 'ArrowLeft' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
