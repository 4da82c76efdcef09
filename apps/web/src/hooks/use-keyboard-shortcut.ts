import { useEffect, useRef } from 'react';

/** Whether a keystroke aimed here is typing (fields, editors, menus) rather than a command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  // Inside an open modal the page's shortcuts do not apply.
  return target.closest('dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/** Whether `event` is the plain key `key` (no Ctrl, Alt or Meta, and not typed into a field). */
export function isPlainShortcut(event: KeyboardEvent, key: string): boolean {
  return (
    !event.defaultPrevented &&
    !event.repeat &&
    !event.ctrlKey &&
    !event.altKey &&
    !event.metaKey &&
    event.key.toLowerCase() === key.toLowerCase() &&
    !isTypingTarget(event.target)
  );
}

/**
 * Runs `onPress` when the single key `key` is pressed anywhere on the page outside a text
 * field. One-key shortcuts are what WCAG 2.1.4 allows when they can be turned off or apply
 * only with focus outside fields; here it is the latter.
 */
export function useKeyboardShortcut(key: string, onPress: () => void, enabled = true): void {
  const onPressRef = useRef(onPress);
  useEffect(() => {
    onPressRef.current = onPress;
  }, [onPress]);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPlainShortcut(event, key)) return;
      event.preventDefault();
      onPressRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [key, enabled]);
}
