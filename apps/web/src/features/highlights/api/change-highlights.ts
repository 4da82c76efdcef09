import {
  highlightSchema,
  type CreateHighlightInput,
  type Highlight,
  type UpdateHighlightInput,
} from '@voxpad/shared/highlights';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { highlightsApiPath, highlightsQueryKey } from './get-highlights.ts';

interface NoteRef {
  padId: string;
  noteId: string;
}

/** POST .../highlights/: `end` left out marks a moment. */
export function createHighlight({
  padId,
  noteId,
  ...input
}: NoteRef & CreateHighlightInput): Promise<Highlight> {
  return apiClient.api('POST', highlightsApiPath(padId, noteId), highlightSchema, { body: input });
}

/** PATCH .../highlights/{hid}/: only what is sent changes. */
export function updateHighlight({
  padId,
  noteId,
  id,
  ...changes
}: NoteRef & { id: string } & UpdateHighlightInput): Promise<Highlight> {
  return apiClient.api('PATCH', highlightsApiPath(padId, noteId, id), highlightSchema, { body: changes });
}

/** DELETE .../highlights/{hid}/. */
export function deleteHighlight({ padId, noteId, id }: NoteRef & { id: string }): Promise<void> {
  return apiClient.apiVoid('DELETE', highlightsApiPath(padId, noteId, id));
}

function useHighlightMutation<V extends NoteRef, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_result, variables) => {
      await queryClient.invalidateQueries({ queryKey: highlightsQueryKey(variables.noteId) });
    },
  });
}

export const useCreateHighlight = () => useHighlightMutation(createHighlight);
export const useUpdateHighlight = () => useHighlightMutation(updateHighlight);
export const useDeleteHighlight = () => useHighlightMutation(deleteHighlight);
