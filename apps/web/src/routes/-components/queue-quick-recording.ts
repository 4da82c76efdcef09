import { enqueueRecording } from '../../features/outbox/outbox-store.ts';
import { findOrCreateInboxPad } from '../../features/pads/api/find-or-create-inbox-pad.ts';
import type { Recording } from '../../features/recording/hooks/use-recorder.ts';
import { NetworkError } from '../../lib/api-client.ts';

/** Where a header recording goes: the pad on screen, or (null) the Inbox. */
export interface QuickRecordTarget {
  padId: string;
  padName: string;
}

/** How long to wait before asking again when the server could not be reached while online. */
const RETRY_MS = 5_000;

function networkBack(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    window.addEventListener('online', done);
    const timer = setTimeout(done, navigator.onLine ? RETRY_MS : 60_000);
  });
}

/**
 * The Inbox is only known to the server: offline (or with the server out of reach) this waits
 * and asks again, calling `onWaiting` meanwhile. The recording stays saved in this browser all
 * along, so a reload while waiting offers it back as a recovered recording.
 */
async function inboxPad(onWaiting: () => void): Promise<QuickRecordTarget> {
  for (;;) {
    try {
      const inbox = await findOrCreateInboxPad();
      return { padId: inbox.id, padName: inbox.name };
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      onWaiting();
      await networkBack();
    }
  }
}

/**
 * Files a header recording into the outbox of its pad (the Inbox, made on first use, when no pad
 * was on screen). Resolves once the outbox holds it; only then may the recorder drop its copy.
 */
export async function queueQuickRecording(
  recording: Recording,
  target: QuickRecordTarget | null,
  onWaitingForNetwork: () => void,
): Promise<QuickRecordTarget> {
  const pad = target ?? (await inboxPad(onWaitingForNetwork));
  await enqueueRecording({
    padId: pad.padId,
    blob: recording.audio,
    fileName: recording.fileName,
    mimeType: recording.mimeType,
    durationSeconds: recording.durationSeconds,
    ...(recording.marks ? { marks: recording.marks } : {}),
  });
  return pad;
}
