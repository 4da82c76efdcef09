import { voiceNoteSchema, type VoiceNote } from '@voxpad/shared/voice-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryOptions } from './get-voice-note.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';

/**
 * POST pad/{id}/voicenote/{vid}/transcript/confirm/ marks the transcript correct as it stands
 * ("Confirm transcript"); DELETE takes that back. Both answer the note (ADR 0037).
 */
export function setTranscriptConfirmed(note: Pick<VoiceNote, 'pad_id' | 'id'>, confirmed: boolean) {
  return apiClient.api(
    confirmed ? 'POST' : 'DELETE',
    `pad/${encodeURIComponent(note.pad_id)}/voicenote/${encodeURIComponent(note.id)}/transcript/confirm/`,
    voiceNoteSchema,
  );
}

export function useConfirmTranscript(note: Pick<VoiceNote, 'pad_id' | 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmed: boolean) => setTranscriptConfirmed(note, confirmed),
    onSuccess: (updated) => {
      queryClient.setQueryData(voiceNoteQueryOptions(updated.pad_id, updated.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(updated.pad_id) });
    },
  });
}
