import type { VoiceNoteStatus } from '@voxpad/shared/voice-notes';

export function isInProgress(status: VoiceNoteStatus): boolean {
  return status === 'pending' || status === 'processing';
}

export const STATUS_LABELS: Record<VoiceNoteStatus, string> = {
  pending: 'Waiting',
  processing: 'Transcribing…',
  done: 'Done',
  failed: 'Failed',
};

/** A 0–100 percentage from the server's 0..1 progress, or null when there is none. */
export function progressPercent(progress: number | null | undefined): number | null {
  if (typeof progress !== 'number' || !Number.isFinite(progress) || progress < 0) return null;
  return Math.min(100, Math.round(progress * 100));
}
