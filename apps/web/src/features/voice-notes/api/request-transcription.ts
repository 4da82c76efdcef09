import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryOptions } from './get-voice-note.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';
import { transcriptionStateSchema } from '@voxpad/shared/transcripts';

export type TranscriptionRequest = 'retry' | 'transcribe';

/**
 * POST pad/{id}/voicenote/{vid}/retry/ (a failed note) or .../transcribe/ (start over; an
 * edited transcript is kept as a version). Both answer 202 with the job state, back to pending.
 */
export function requestTranscription(padId: string, voiceNoteId: string, kind: TranscriptionRequest) {
  return apiClient.api(
    'POST',
    `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/${kind}/`,
    transcriptionStateSchema,
    kind === 'transcribe' ? { body: {} } : {},
  );
}

/** `onQueued`: the note is in the queue again (what counts notes by status reads them again). */
export function useRequestTranscription(
  padId: string,
  voiceNoteId: string,
  { onQueued }: { onQueued?: () => void } = {},
) {
  const queryClient = useQueryClient();
  const { queryKey } = voiceNoteQueryOptions(padId, voiceNoteId);
  return useMutation({
    mutationFn: (kind: TranscriptionRequest) => requestTranscription(padId, voiceNoteId, kind),
    onSuccess: (state) => {
      // The note is pending again: show that now; polling or the event stream takes over.
      queryClient.setQueryData<VoiceNote>(queryKey, (note) =>
        note
          ? { ...note, status: state.status, progress: state.progress, failure_reason: state.failure_reason }
          : note,
      );
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(padId) });
      onQueued?.();
    },
  });
}
