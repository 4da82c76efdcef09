import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { Recording } from '../hooks/use-recorder.ts';
import { useRecoveredRecordings } from '../hooks/use-recovered-recordings.ts';
import type { StoredRecording } from '../storage/recording-store.ts';
import { describeRecovered } from '../utils/recoverable.ts';

export interface RecoveredRecordingsProps {
  /** Which saved recordings to offer here, e.g. this pad's. */
  belongsHere: (recording: StoredRecording) => boolean;
  /** Takes a recording for upload; resolve once it is safe, reject with a message to show. */
  onUpload: (recording: Recording) => Promise<void>;
  /** Say which pad each recording is for (when not on that pad's page). */
  showPad?: boolean;
}

/**
 * "Recovered recording, 12:34 long: Upload / Discard" for recordings cut short by a reload, a
 * crash or a closed tab: the audio up to the interruption, saved on this device as it was made.
 */
export function RecoveredRecordings({ belongsHere, onUpload, showPad = false }: RecoveredRecordingsProps) {
  const { recordings, handOver, discard, later } = useRecoveredRecordings();
  const shown = recordings.filter(belongsHere);
  if (shown.length === 0) return null;
  return (
    <section aria-label="Recovered recordings" className="space-y-2">
      {shown.map((recording) => (
        <RecoveredItem
          key={recording.id}
          recording={recording}
          showPad={showPad}
          onUpload={() => handOver(recording, onUpload)}
          onDiscard={() => discard(recording)}
          onLater={() => later(recording)}
        />
      ))}
    </section>
  );
}

function RecoveredItem({
  recording,
  showPad,
  onUpload,
  onDiscard,
  onLater,
}: {
  recording: StoredRecording;
  showPad: boolean;
  onUpload: () => Promise<void>;
  onDiscard: () => Promise<void>;
  onLater: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const upload = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onUpload();
    } catch (error) {
      setFailure(
        `It could not be uploaded: ${error instanceof Error ? error.message : 'something went wrong'}. It is still kept on this device; try again.`,
      );
      setBusy(false);
    }
  };

  const pad = recording.padName ?? 'Inbox';
  return (
    <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1">
          <strong className="font-semibold">{describeRecovered(recording)}</strong>
          <span className="block text-xs text-amber-900 dark:text-amber-200">
            Started {formatDateTime(recording.startedAt)}
            {showPad ? ` for “${pad}”` : ''}. It was cut short before it was saved; this is the audio up to
            then.
          </span>
        </p>
        <Button onClick={() => void upload()} disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            onLater();
            toast.info(
              'The recording stays saved on this device. It is offered again when you next open Voxpad.',
            );
          }}
          disabled={busy}
        >
          Later
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(true)} disabled={busy}>
          Discard
        </Button>
      </div>
      {confirming ? (
        <ConfirmPanel
          message="Discard this recording? It cannot be brought back."
          confirmLabel="Discard it"
          cancelLabel="Keep it"
          onConfirm={() => void onDiscard()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </div>
  );
}
