import { useBlocker } from '@tanstack/react-router';
import { ConfirmPanel } from '../../components/ui/confirm-panel.tsx';

export interface LeaveGuardProps {
  /** While true, leaving the page asks first. */
  when: boolean;
  /** The question, naming what would be lost. */
  message: string;
}

/**
 * Asks before leaving a page that holds something unsaved: in-app links and Back show this
 * confirmation; closing or reloading the tab gets the browser's own prompt.
 */
export function LeaveGuard({ when, message }: LeaveGuardProps) {
  const blocker = useBlocker({
    shouldBlockFn: () => when,
    enableBeforeUnload: () => when,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <div className="fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <ConfirmPanel
        className="w-full max-w-lg shadow-lg"
        message={message}
        confirmLabel="Leave and discard it"
        cancelLabel="Stay on this page"
        onConfirm={blocker.proceed}
        onCancel={blocker.reset}
      />
    </div>
  );
}
