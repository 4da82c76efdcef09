import { useNavigate } from '@tanstack/react-router';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { fileMarks } from '../../features/highlights/api/file-marks.ts';
import { LiveTranscript } from '../../features/live-transcript/components/live-transcript.tsx';
import { useLiveTranscript } from '../../features/live-transcript/hooks/use-live-transcript.ts';
import { INBOX_PAD_NAME } from '../../features/pads/api/find-or-create-inbox-pad.ts';
import { Recorder, type RecorderHandle } from '../../features/recording/components/recorder.tsx';
import type { LiveFiling, Recording } from '../../features/recording/hooks/use-recorder.ts';
import { inboxLivePad } from './inbox-live-pad.ts';
import { queueQuickRecording, type QuickRecordTarget } from './queue-quick-recording.ts';
import { useRefreshNoteLists } from './use-refresh-note-lists.ts';

export interface QuickRecordDialogProps {
  open: boolean;
  /** Fixed when the dialog opens, so moving between pages while recording changes nothing. */
  target: QuickRecordTarget | null;
  onClose: () => void;
}

/** After Stop: handing the recording to the outbox, waiting for the network to find the Inbox, or failed. */
type Handover = { state: 'saving' } | { state: 'waiting' } | { state: 'failed'; message: string };

/**
 * The header's Record: records at once with the live transcript streaming to the pad on screen
 * or the Inbox (which the server files at Stop); without a live note it queues the recording in
 * that pad's outbox. The recorder keeps its copy in this browser until one of them holds it.
 */
export function QuickRecordDialog({ open, target, onClose }: QuickRecordDialogProps) {
  const navigate = useNavigate();
  const recorderRef = useRef<RecorderHandle>(null);
  const [handover, setHandover] = useState<Handover | null>(null);
  const liveTranscript = useLiveTranscript();
  const refreshNoteLists = useRefreshNoteLists();
  // Each opening is a fresh recorder (its own microphone session and auto-start).
  const [session, setSession] = useState(0);
  // A handover that ends after the dialog was closed (or reopened) must not touch the new one.
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  function close() {
    setHandover(null);
    setSession((n) => n + 1);
    onClose();
  }

  /** `mine`: the opening it was recorded in; the dialog may have been closed and reopened since. */
  const send = async (recording: Recording, mine: number): Promise<void> => {
    const stillMine = () => sessionRef.current === mine;
    // No live note came of it (or no stream ran): its words go, so a next recording starts clean.
    if (stillMine()) {
      liveTranscript.abort();
      setHandover({ state: 'saving' });
    }
    try {
      const pad = await queueQuickRecording(recording, target, () => {
        if (stillMine()) setHandover({ state: 'waiting' });
      });
      if (stillMine()) close();
      toast.success(
        navigator.onLine
          ? `Voice note kept for “${pad.padName}”. It uploads now and is transcribed once it is in.`
          : `You are offline. The voice note is kept in this browser and goes to “${pad.padName}” when you are back online.`,
        { action: openPadAction(pad.padId) },
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

  const padName = target?.padName ?? INBOX_PAD_NAME;

  const openPadAction = (padId: string) => ({
    label: 'Open pad',
    onClick: () => void navigate({ to: '/pad/$id', params: { id: padId } }),
  });

  // The server filed the note from the live stream: it is saved with the words shown.
  const filed = (note: VoiceNote, marks: readonly number[], recordedIn: number, savedIn: string) => {
    // Moments marked while recording become the note's highlights (ADR 0054).
    void fileMarks(note.pad_id, note.id, marks);
    void refreshNoteLists(note.pad_id);
    if (sessionRef.current === recordedIn) {
      // Its words go with the dialog, so a next recording starts clean.
      liveTranscript.abort();
      close();
    }
    toast.success(`Voice note saved in “${savedIn}” with its transcript.`, {
      action: openPadAction(note.pad_id),
    });
  };
  const filedRef = useRef(filed);
  useEffect(() => {
    filedRef.current = filed;
  });
  const live = useMemo<LiveFiling>(
    () => ({
      stream: liveTranscript,
      onFiled: (note, marks) => filedRef.current(note, marks, session, target?.padName ?? INBOX_PAD_NAME),
      padFor: () => (target ? Promise.resolve(target.padId) : inboxLivePad()),
    }),
    [liveTranscript, target, session],
  );

  // Closing while a recording is made asks first (the recorder's Cancel question); once Stop
  // was pressed the recording is being saved, so closing loses nothing.
  const requestClose = () => {
    if (handover === null && recorderRef.current?.requestDiscard()) return;
    close();
  };

  return (
    <Dialog open={open} title="Record a voice note" onRequestClose={requestClose}>
      {handover === null ? (
        <Recorder
          key={session}
          ref={recorderRef}
          autoStart
          padId={target?.padId ?? null}
          padName={target?.padName ?? null}
          destination={`Saves to “${padName}”.`}
          onRecorded={(recording) => send(recording, session)}
          live={live}
          onDiscarded={close}
        >
          <LiveTranscript state={liveTranscript.state} />
        </Recorder>
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
    </Dialog>
  );
}
