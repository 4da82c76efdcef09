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
