import { padSchema, type CreatePadInput, type Pad } from '@voxpad/shared/pads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { padsQueryKey } from './get-pads.ts';

/** POST pad/ with `{name, description?}` -> 201 Pad. */
export function createPad(input: CreatePadInput): Promise<Pad> {
  return apiClient.api('POST', 'pad/', padSchema, { body: input });
}

export function useCreatePad(options: { onSuccess?: (pad: Pad) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPad,
    onSuccess: async (pad) => {
      await queryClient.invalidateQueries({ queryKey: padsQueryKey });
      options.onSuccess?.(pad);
    },
  });
}
