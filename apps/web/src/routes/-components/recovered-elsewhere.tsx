import { useMatch } from '@tanstack/react-router';
import { enqueueRecording } from '../../features/outbox/outbox-store.ts';
import { findOrCreateInboxPad } from '../../features/pads/api/find-or-create-inbox-pad.ts';
import { RecoveredRecordings } from '../../features/recording/components/recovered-recordings.tsx';
import type { Recording } from '../../features/recording/hooks/use-recorder.ts';

/** A recovered recording goes to the outbox of its pad (null: the Inbox, created if need be). */
async function sendRecovered(recording: Recording): Promise<void> {
  const padId = recording.padId ?? (await findOrCreateInboxPad()).id;
  await enqueueRecording({
    padId,
    blob: recording.audio,
    fileName: recording.fileName,
    mimeType: recording.mimeType,
    durationSeconds: recording.durationSeconds,
  });
}

/**
 * Recordings cut short by a reload, a crash or a closed tab, offered back on every page; a pad's
 * own page offers its recordings beside its recorder instead.
 */
export function RecoveredElsewhere() {
  const padPage = useMatch({ from: '/_authenticated/pad/$id/', shouldThrow: false });
  const padId = padPage?.params.id;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 empty:hidden [&:has(section)]:pt-4">
      <RecoveredRecordings
        belongsHere={(saved) => padId === undefined || saved.padId !== padId}
        onUpload={sendRecovered}
        showPad
      />
    </div>
  );
}
