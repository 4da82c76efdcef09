export interface Undoable {
  /** Cancels the pending action; false when it already ran (or was undone). */
  undo: () => boolean;
  /** Runs the pending action now (for example when the page is being left). */
  flush: () => void;
  readonly settled: () => boolean;
}

/** The delay before a deletion really happens, while its toast offers Undo. */
export const UNDO_DELAY_MS = 5000;

/**
 * Runs `action` after `delayMs` unless undone first. Deletions wait so that "Undo" can
 * simply cancel them instead of re-creating what the server already removed.
 */
export function scheduleUndoable(action: () => void, delayMs: number = UNDO_DELAY_MS): Undoable {
  let done = false;
  const onLeave = () => flush();
  const finish = () => {
    done = true;
    clearTimeout(timer);
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onLeave);
  };
  const flush = () => {
    if (done) return;
    finish();
    action();
  };
  const timer = setTimeout(flush, delayMs);
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onLeave);
  return {
    undo: () => {
      if (done) return false;
      finish();
      return true;
    },
    flush,
    settled: () => done,
  };
}
