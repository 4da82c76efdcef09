import { padSchema, type Pad } from '@voxpad/shared/pads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { padQueryKey } from './get-pad.ts';
import { padsQueryKey } from './get-pads.ts';

export interface UpdatePadPayload {
  id: string;
  name: string;
  description: string;
}

/** PUT pad/{id}/ with `{id, name, description}`. */
export function updatePad(payload: UpdatePadPayload): Promise<Pad> {
  return apiClient.api('PUT', `pad/${encodeURIComponent(payload.id)}/`, padSchema, { body: payload });
}

export function useUpdatePad(options: { onSuccess?: (pad: Pad) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePad,
    onSuccess: async (pad) => {
      queryClient.setQueryData(padQueryKey(pad.id), pad);
      await queryClient.invalidateQueries({ queryKey: padsQueryKey });
      options.onSuccess?.(pad);
    },
  });
}
