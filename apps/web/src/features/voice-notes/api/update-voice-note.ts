import { voiceNoteSchema, type UpdateVoiceNoteInput, type VoiceNote } from '@voxpad/shared/voice-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryOptions } from './get-voice-note.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';
import { removeNoteFromPadLists } from './note-list-cache.ts';

export interface UpdateVoiceNoteVariables {
  padId: string;
  voiceNoteId: string;
  changes: UpdateVoiceNoteInput;
}

/** PATCH pad/{id}/voicenote/{vid}/ with any of title, transcript, pad_id. */
export function updateVoiceNote({
  padId,
  voiceNoteId,
  changes,
}: UpdateVoiceNoteVariables): Promise<VoiceNote> {
  return apiClient.api(
    'PATCH',
    `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/`,
    voiceNoteSchema,
    { body: changes },
  );
}

/** Title and transcript edits show at once and roll back if the server refuses them. */
export function useUpdateVoiceNote(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVoiceNote,
    onMutate: async ({ padId, voiceNoteId, changes }) => {
      const { queryKey } = voiceNoteQueryOptions(padId, voiceNoteId);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous && changes.pad_id === undefined) {
        queryClient.setQueryData(queryKey, {
          ...previous,
          ...(changes.title === undefined ? {} : { title: changes.title.trim() }),
          ...(changes.transcript === undefined ? {} : { transcript: changes.transcript }),
        });
      }
      return { previous, queryKey };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(context.queryKey, context.previous);
      options.onError?.(error);
    },
    onSuccess: (note, { padId, voiceNoteId }) => {
      if (note.pad_id === padId) {
        queryClient.setQueryData(voiceNoteQueryOptions(padId, voiceNoteId).queryKey, note);
      } else {
        queryClient.setQueryData(voiceNoteQueryOptions(note.pad_id, note.id).queryKey, note);
        // The page on screen still reads the note (and its versions) under the old pad until it
        // navigates: removing those now made it fetch them again there, a 404. Only what nothing
        // shows goes now; the rest is dropped once that page has gone (it replaced itself).
        queryClient.removeQueries({
          queryKey: voiceNoteQueryOptions(padId, voiceNoteId).queryKey,
          type: 'inactive',
        });
        void queryClient.cancelQueries({ queryKey: voiceNoteQueryOptions(padId, voiceNoteId).queryKey });
        // It leaves the old pad's lists now, not when they are next read (onSettled).
        removeNoteFromPadLists(queryClient, padId, voiceNoteId);
      }
    },
    onSettled: (note, _error, { padId }) => {
      void queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(padId) });
      if (note && note.pad_id !== padId) {
        // The pads' totals are the page's to refresh (MoveNoteForm's onMoved).
        void queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(note.pad_id) });
      }
    },
  });
}
