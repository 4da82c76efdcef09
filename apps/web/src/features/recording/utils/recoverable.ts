import { formatClock } from '../../../lib/format-duration.ts';
import type { StoredRecording } from '../storage/recording-store.ts';

/** Without Web Locks, a recording untouched this long is taken to be abandoned (pieces come every few seconds). */
export const STALE_AFTER_MS = 20_000;

/**
 * The saved recordings to offer back: not being made in a live tab (`inProgress`, or, where
 * the browser cannot tell, not saved to recently) and not this tab's own current recording.
 * Oldest first.
 */
export function recoverableRecordings(
  saved: readonly StoredRecording[],
  inProgress: ReadonlySet<string> | null,
  ownIds: ReadonlySet<string>,
  now: number,
): StoredRecording[] {
  return saved
    .filter((recording) => !ownIds.has(recording.id))
    .filter((recording) =>
      inProgress
        ? !inProgress.has(recording.id)
        : recording.finished || now - recording.updatedAt >= STALE_AFTER_MS,
    )
    .sort((a, b) => a.startedAt - b.startedAt);
}

/** How long the recovered audio is: exact for PCM (from its bytes), else the recorder's clock. */
export function recoveredSeconds(recording: StoredRecording): number {
  if (recording.format === 'pcm' && recording.sampleRate) return recording.bytes / 2 / recording.sampleRate;
  return recording.elapsedSeconds;
}

/** "Recovered recording, 12:34 long". */
export function describeRecovered(recording: StoredRecording): string {
  return `Recovered recording, ${formatClock(recoveredSeconds(recording))} long`;
}
