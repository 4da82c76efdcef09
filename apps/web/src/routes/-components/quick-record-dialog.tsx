import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmPanel } from '../../components/ui/confirm-panel.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { INBOX_PAD_NAME } from '../../features/pads/api/find-or-create-inbox-pad.ts';
import { QuickRecorder } from '../../features/recording/components/quick-recorder.tsx';
import type { Recording } from '../../features/recording/hooks/use-recorder.ts';
import { uploadCanBeRetried } from '../../features/voice-notes/utils/upload-failure.ts';
import { useOnline } from '../../hooks/use-online.ts';
import { NetworkError } from '../../lib/api-client.ts';
import { useQuickRecordUpload, type QuickRecordTarget } from './use-quick-record-upload.ts';

export interface QuickRecordDialogProps {
  open: boolean;
  /** Fixed when the dialog opens, so moving between pages while recording changes nothing. */
  target: QuickRecordTarget | null;
  onClose: () => void;
}

/** The header's Record: records at once, then files the note into the pad on screen or the Inbox. */
export function QuickRecordDialog({ open, target, onClose }: QuickRecordDialogProps) {
  const navigate = useNavigate();
  const online = useOnline();
  const [holdsAudio, setHoldsAudio] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [kept, setKept] = useState<Recording | null>(null);
  const [progress, setProgress] = useState(0);
  // Each opening is a fresh recorder (its own microphone session and auto-start).
  const [session, setSession] = useState(0);

  const upload = useQuickRecordUpload(({ note, padName }) => {
    setKept(null);
    onClose();
    toast.success(`Voice note saved to “${padName}”. Transcription has started.`, {
      action: {
        label: 'Open',
        onClick: () =>
          void navigate({ to: '/pad/$id/voicenotes/$vid', params: { id: note.pad_id, vid: note.id } }),
      },
    });
  });
  const { mutate, reset } = upload;

  // Set when the upload failed because the browser is offline: it is sent again once back online.
  const [waitingForNetwork, setWaitingForNetwork] = useState(false);

  const send = useCallback(
    (recording: Recording) => {
      setKept(recording);
      setProgress(0);
      setWaitingForNetwork(false);
      mutate(
        { recording, target, onProgress: setProgress },
        {
          onError: (error) => {
            if (error instanceof NetworkError && !navigator.onLine) setWaitingForNetwork(true);
          },
        },
      );
    },
    [mutate, target],
  );

  useEffect(() => {
    if (online && waitingForNetwork && kept) send(kept);
  }, [online, waitingForNetwork, kept, send]);

  const unsaved = holdsAudio || kept !== null;
  const requestClose = () => {
    if (upload.isPending) return;
    if (unsaved) setConfirmingClose(true);
    else close();
  };
  function close() {
    setConfirmingClose(false);
    setKept(null);
    setWaitingForNetwork(false);
    reset();
    setSession((n) => n + 1);
    onClose();
  }

  const destination = `Saves to “${target?.padName ?? INBOX_PAD_NAME}”.`;
  const failure = upload.isError ? upload.error : null;
  const percent = Math.round(progress * 100);

  return (
    <Dialog open={open} title="Record a voice note" onRequestClose={requestClose}>
      {kept === null ? (
        <QuickRecorder
          key={session}
          autoStart
          padId={target?.padId ?? null}
          padName={target?.padName ?? null}
          destination={destination}
          onRecorded={send}
          onActiveChange={setHoldsAudio}
        />
      ) : (
        <div aria-live="polite" className="space-y-3">
          {upload.isPending ? (
            <div className="space-y-2">
              <label
                htmlFor="quick-upload-progress"
                className="block text-sm text-slate-700 dark:text-slate-200"
              >
                Uploading to “{target?.padName ?? INBOX_PAD_NAME}”… {percent}%
              </label>
              <progress
                id="quick-upload-progress"
                max={100}
                value={percent}
                className="h-2 w-full accent-indigo-600"
              />
            </div>
          ) : null}
          {failure ? (
            <FormAlert>
              {waitingForNetwork
                ? 'You are offline. The recording is kept here and will be uploaded when you are back online; keep this window open until then.'
                : `The recording could not be saved: ${failure.message}`}
            </FormAlert>
          ) : null}
          {failure ? (
            <div className="flex flex-wrap gap-2">
              {waitingForNetwork ? null : uploadCanBeRetried(failure) ? (
                <Button onClick={() => send(kept)} className="min-h-11">
                  Upload again
                </Button>
              ) : (
                <Button
                  onClick={() => {
                    setKept(null);
                    reset();
                    setSession((n) => n + 1);
                  }}
                  className="min-h-11"
                >
                  Record again
                </Button>
              )}
              <Button variant="ghost" onClick={() => setConfirmingClose(true)} className="min-h-11">
                Discard
              </Button>
            </div>
          ) : null}
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
