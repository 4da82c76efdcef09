import { tagSchema, type MergeTagInput, type RenameTagInput, type Tag } from '@voxpad/shared/tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { tagsQueryKey } from './get-tags.ts';

/** PATCH tags/{id}/ `{name, merge?}`: a name another tag has is refused (409) unless `merge`. */
export function renameTag({ id, ...input }: RenameTagInput & { id: string }): Promise<Tag> {
  return apiClient.api('PATCH', `tags/${encodeURIComponent(id)}/`, tagSchema, { body: input });
}

/** POST tags/{id}/merge/ `{into}`: the tag's notes join `into`, and the tag is gone. */
export function mergeTag({ id, ...input }: MergeTagInput & { id: string }): Promise<Tag> {
  return apiClient.api('POST', `tags/${encodeURIComponent(id)}/merge/`, tagSchema, { body: input });
}

/** DELETE tags/{id}/: off every note. */
export function deleteTag(id: string): Promise<void> {
  return apiClient.apiVoid('DELETE', `tags/${encodeURIComponent(id)}/`);
}

/**
 * Notes show tags by name: after any change to a tag the page refreshes its notes through
 * `onChanged` (the route knows which lists it shows).
 */
function useTagMutation<V>(mutationFn: (variables: V) => Promise<unknown>, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: tagsQueryKey });
    },
  });
}

export const useRenameTag = (onChanged?: () => void) => useTagMutation(renameTag, onChanged);
export const useMergeTag = (onChanged?: () => void) => useTagMutation(mergeTag, onChanged);
export const useDeleteTag = (onChanged?: () => void) => useTagMutation(deleteTag, onChanged);
