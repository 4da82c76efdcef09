import { createdShareSchema, type CreateShare, type CreatedShare } from '@voxpad/shared/shares';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharesQueryKey } from './get-shares.ts';

/** POST shares/ -> 201 with the link; its `url` is shown this once. */
export function createShare(input: CreateShare): Promise<CreatedShare> {
  return apiClient.api('POST', 'shares/', createdShareSchema, { body: input });
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
}
