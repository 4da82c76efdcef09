import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { padQueryOptions } from '../../features/pads/api/get-pad.ts';
import { useKeyboardShortcut } from '../../hooks/use-keyboard-shortcut.ts';
import { QuickRecordDialog } from './quick-record-dialog.tsx';
import type { QuickRecordTarget } from './queue-quick-recording.ts';

/** The one key that opens the recorder from anywhere (outside text fields). */
export const RECORD_SHORTCUT = 'r';

/** The pad on screen (its page or one of its notes), once its name is known. */
function useCurrentPad(): QuickRecordTarget | null {
  const { id } = useParams({ strict: false });
  const pad = useQuery({ ...padQueryOptions(id ?? ''), enabled: id !== undefined });
  return id !== undefined && pad.data ? { padId: pad.data.id, padName: pad.data.name } : null;
}

export interface RecordLauncherProps {
  /** The header's launcher owns the keyboard shortcut; there is one per page. */
  withShortcut?: boolean;
  label?: string;
  className?: string;
}

/** Record from any screen: into the pad on screen, or else the Inbox. */
export function RecordLauncher({
  withShortcut = false,
  label = 'Record',
  className = '',
}: RecordLauncherProps) {
  const currentPad = useCurrentPad();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<QuickRecordTarget | null>(null);

  const openRecorder = () => {
    if (open) return;
    setTarget(currentPad);
    setOpen(true);
  };
  useKeyboardShortcut(RECORD_SHORTCUT, openRecorder, withShortcut);

  return (
    <>
      <Button
        onClick={openRecorder}
        aria-haspopup="dialog"
        {...(withShortcut
          ? {
              'aria-keyshortcuts': RECORD_SHORTCUT,
              title: `Record a voice note (shortcut: ${RECORD_SHORTCUT.toUpperCase()})`,
            }
          : {})}
        className={className}
      >
        <span className="size-2.5 shrink-0 rounded-full bg-red-400" aria-hidden="true" />
        {label}
      </Button>
      <QuickRecordDialog open={open} target={target} onClose={() => setOpen(false)} />
    </>
  );
}
