import { useId, type ReactNode } from 'react';
import { Button } from './button.tsx';

export interface ConfirmPanelProps {
  /** The question, naming what is about to happen. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Also called on Escape. */
  onCancel: () => void;
  /** While the confirmed action runs: the confirm button is off and shows `busyLabel`. */
  busyLabel?: string | undefined;
  busy?: boolean;
  className?: string;
}

/**
 * An in-place confirmation (role="alertdialog") for a destructive action. The safe choice has
 * the focus, so Enter or Space right after opening it does no harm; Escape cancels.
 */
export function ConfirmPanel({
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busyLabel,
  busy = false,
  className = '',
}: ConfirmPanelProps) {
  const messageId = useId();
  return (
    <div
      role="alertdialog"
      aria-labelledby={messageId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
      className={`rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/50 ${className}`}
    >
      <p id={messageId} className="font-medium text-red-900 dark:text-red-100">
        {message}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
