import { voiceNoteSchema, type VoiceNote } from '@voxpad/shared/voice-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryOptions } from './get-voice-note.ts';
import { transcriptVersionsQueryKey } from './transcript-versions.ts';

export interface RenameSpeakerVariables {
  padId: string;
  voiceNoteId: string;
  speakerId: string;
  name: string;
}

/** PATCH pad/{id}/voicenote/{vid}/speakers/{sid}/: the name shows everywhere in the note. */
export function renameSpeaker({
  padId,
  voiceNoteId,
  speakerId,
  name,
}: RenameSpeakerVariables): Promise<VoiceNote> {
  return apiClient.api(
    'PATCH',
    `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/speakers/${encodeURIComponent(speakerId)}/`,
    voiceNoteSchema,
    { body: { name } },
  );
}

export function useRenameSpeaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSpeaker,
    onSuccess: (note, { padId, voiceNoteId }) => {
      queryClient.setQueryData(voiceNoteQueryOptions(padId, voiceNoteId).queryKey, note);
      void queryClient.invalidateQueries({ queryKey: transcriptVersionsQueryKey(padId, voiceNoteId) });
    },
  });
}
