import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryOptions } from './get-voice-note.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';
import type { SpeakersHint } from '@voxpad/shared/speakers';
import { transcriptionStateSchema } from '@voxpad/shared/transcripts';

export type TranscriptionRequest = 'retry' | 'transcribe';

/** A re-transcription that says how many people speak (ADR 0053). */
export interface TranscribeWithSpeakers {
  kind: 'transcribe';
  speakers: SpeakersHint;
}

/**
 * POST pad/{id}/voicenote/{vid}/retry/ (a failed note) or .../transcribe/ (start over; an
 * edited transcript is kept as a version). Both answer 202 with the job state, back to pending.
 */
export function requestTranscription(
  padId: string,
  voiceNoteId: string,
  request: TranscriptionRequest | TranscribeWithSpeakers,
) {
  const kind = typeof request === 'string' ? request : request.kind;
  const body = typeof request === 'string' ? {} : { speakers: request.speakers };
  return apiClient.api(
    'POST',
    `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/${kind}/`,
    transcriptionStateSchema,
    kind === 'transcribe' ? { body } : {},
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
    mutationFn: (request: TranscriptionRequest | TranscribeWithSpeakers) =>
      requestTranscription(padId, voiceNoteId, request),
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
