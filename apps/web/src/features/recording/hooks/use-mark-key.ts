import { useEffect } from 'react';

/** The key that marks a highlight while recording (ADR 0054), as aria-keyshortcuts names it. */
export const MARK_KEY = 'h';

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * While `enabled`, pressing H anywhere on the page (not while typing in a field, and without
 * Ctrl, Alt or Meta) calls `onMark`.
 */
export function useMarkKey(enabled: boolean, onMark: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== MARK_KEY || event.repeat) return;
      if (event.ctrlKey || event.altKey || event.metaKey || typingInto(event.target)) return;
      event.preventDefault();
      onMark();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, onMark]);
}
