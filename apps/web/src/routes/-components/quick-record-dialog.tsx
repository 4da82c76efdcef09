import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmPanel } from '../../components/ui/confirm-panel.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { INBOX_PAD_NAME } from '../../features/pads/api/find-or-create-inbox-pad.ts';
import { QuickRecorder } from '../../features/recording/components/quick-recorder.tsx';
import type { Recording } from '../../features/recording/hooks/use-recorder.ts';
import { queueQuickRecording, type QuickRecordTarget } from './queue-quick-recording.ts';

export interface QuickRecordDialogProps {
  open: boolean;
  /** Fixed when the dialog opens, so moving between pages while recording changes nothing. */
  target: QuickRecordTarget | null;
  onClose: () => void;
}

/** After Stop: handing the recording to the outbox, waiting for the network to find the Inbox, or failed. */
type Handover = { state: 'saving' } | { state: 'waiting' } | { state: 'failed'; message: string };

/**
 * The header's Record: records at once, then queues the note in the outbox of the pad on screen
 * or the Inbox. The recorder keeps its copy in this browser until the outbox holds the recording.
 */
export function QuickRecordDialog({ open, target, onClose }: QuickRecordDialogProps) {
  const navigate = useNavigate();
  const [holdsAudio, setHoldsAudio] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [handover, setHandover] = useState<Handover | null>(null);
  // Each opening is a fresh recorder (its own microphone session and auto-start).
  const [session, setSession] = useState(0);
  // A handover that ends after the dialog was closed (or reopened) must not touch the new one.
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  function close() {
    setConfirmingClose(false);
    setHandover(null);
    setSession((n) => n + 1);
    onClose();
  }

  const send = async (recording: Recording): Promise<void> => {
    const mine = sessionRef.current;
    const stillMine = () => sessionRef.current === mine;
    setHandover({ state: 'saving' });
    try {
      const pad = await queueQuickRecording(recording, target, () => {
        if (stillMine()) setHandover({ state: 'waiting' });
      });
      if (stillMine()) close();
      toast.success(
        navigator.onLine
          ? `Voice note kept for “${pad.padName}”. It uploads now and is transcribed once it is in.`
          : `You are offline. The voice note is kept in this browser and goes to “${pad.padName}” when you are back online.`,
        {
          action: {
            label: 'Open pad',
            onClick: () => void navigate({ to: '/pad/$id', params: { id: pad.padId } }),
          },
        },
      );
    } catch (error) {
      if (stillMine()) {
        setHandover({
          state: 'failed',
          message: error instanceof Error ? error.message : 'Something went wrong.',
        });
      }
      // Rejected, so the recorder keeps its copy: offered back as a recovered recording.
      throw error;
    }
  };

  const requestClose = () => {
    if (holdsAudio && handover === null) setConfirmingClose(true);
    else close();
  };

  const padName = target?.padName ?? INBOX_PAD_NAME;

  return (
    <Dialog open={open} title="Record a voice note" onRequestClose={requestClose}>
      {handover === null ? (
        <QuickRecorder
          key={session}
          autoStart
          padId={target?.padId ?? null}
          padName={target?.padName ?? null}
          destination={`Saves to “${padName}”.`}
          onRecorded={send}
          onActiveChange={setHoldsAudio}
        />
      ) : (
        <div aria-live="polite" className="space-y-3">
          {handover.state === 'saving' ? (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              Keeping the recording for “{padName}”…
            </p>
          ) : null}
          {handover.state === 'waiting' ? (
            <FormAlert tone="info">
              You are offline. This recording is kept in this browser and goes to “{padName}” when you are
              back online. You can close this window; if you leave the app first, it is offered back on your
              next visit.
            </FormAlert>
          ) : null}
          {handover.state === 'failed' ? (
            <FormAlert>
              The recording could not be queued for upload: {handover.message} It is kept in this browser and
              offered back at the top of the page, to upload or discard.
            </FormAlert>
          ) : null}
          {handover.state === 'saving' ? null : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={close} className="min-h-11">
                Close
              </Button>
            </div>
          )}
        </div>
      )}
      {confirmingClose ? (
        <ConfirmPanel
          className="mt-4"
          message="Discard this recording? It has not been saved."
          confirmLabel="Discard it"
          cancelLabel="Keep it"
          onConfirm={close}
          onCancel={() => setConfirmingClose(false)}
        />
      ) : null}
    </Dialog>
  );
}
