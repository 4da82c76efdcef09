import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * Gives a button in a dialog the focus when it opens: showModal() focuses the element with the
 * `autofocus` attribute (React's autoFocus prop sets none, and showModal runs after it). Pass it
 * as the `ref` of the safe choice.
 */
export function focusWhenOpened(element: HTMLElement | null): void {
  element?.setAttribute('autofocus', '');
}

export interface DialogProps {
  open: boolean;
  title: string;
  /** Escape, the Close button or a click on the backdrop; the owner decides whether to close. */
  onRequestClose: () => void;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind it inert and
 * returns focus to the opener. On phones it is a sheet along the bottom edge, within thumb reach.
 */
export function Dialog({ open, title, onRequestClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape asks, like the Close button, instead of closing behind the owner's back.
        event.preventDefault();
        onRequestClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onRequestClose();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 max-sm:mb-0 max-sm:w-full max-sm:max-w-full max-sm:rounded-b-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50"
    >
      {open ? (
        <div className="p-5">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <Button variant="ghost" onClick={onRequestClose} className="min-h-11">
              Close
            </Button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
