import { useEffect, useRef } from 'react';
import { isOwnedByTarget } from '../../../lib/playback.ts';

export interface ReviewActions {
  next: () => void;
  previous: () => void;
  replay: () => void;
  replaySlower: () => void;
  edit: () => void;
  confirm: () => void;
  leave: () => void;
}

/** Review mode's keys, as its help line lists them (ADR 0037). */
export const REVIEW_KEYS: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: 'n / p', does: 'next or previous uncertain word' },
  { keys: 'r', does: 'replay' },
  { keys: 's', does: 'replay slower' },
  { keys: 'e or Enter', does: 'fix the word' },
  { keys: 'c', does: 'confirm transcript' },
  { keys: 'Esc', does: 'leave review' },
];

const LETTERS: Record<string, keyof ReviewActions> = {
  n: 'next',
  p: 'previous',
  r: 'replay',
  s: 'replaySlower',
  e: 'edit',
  c: 'confirm',
};

/**
 * Review mode's keys, page-wide while it is on, except where the key belongs to the focused
 * element (a field, a dialog). Enter fixes the word under review when that word has focus;
 * on any other button it stays the button's.
 */
export function useReviewKeys(enabled: boolean, actions: ReviewActions): void {
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  }, [actions]);

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const onReviewedWord =
        event.target instanceof HTMLElement && event.target.dataset.reviewCurrent === 'true';
      let action: keyof ReviewActions | undefined;
      if (event.key === 'Enter' && onReviewedWord) action = 'edit';
      else if (isOwnedByTarget(event.key, event.target)) return;
      else if (event.key === 'Escape') action = 'leave';
      else if (!event.shiftKey) action = LETTERS[event.key];
      if (!action) return;
      event.preventDefault();
      actionsRef.current[action]();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
