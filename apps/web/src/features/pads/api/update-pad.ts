import { padSchema, type Pad, type PadColor } from '@voxpad/shared/pads';
import type { Page } from '@voxpad/shared/pagination';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { padQueryKey } from './get-pad.ts';
import { padsInfiniteQueryOptions, padsQueryKey } from './get-pads.ts';

export interface UpdatePadPayload {
  id: string;
  name: string;
  description: string;
  color?: PadColor;
  icon?: string | null;
}

/** PUT pad/{id}/ with `{id, name, description, color?, icon?}`. */
export function updatePad(payload: UpdatePadPayload): Promise<Pad> {
  return apiClient.api('PUT', `pad/${encodeURIComponent(payload.id)}/`, padSchema, { body: payload });
}

type PadPages = InfiniteData<Page<Pad>, string | null>;

/** Rewrites one pad wherever it is cached (detail and list); returns how to put things back. */
export function patchCachedPad(queryClient: QueryClient, id: string, change: (pad: Pad) => Pad | null) {
  const listKey = padsInfiniteQueryOptions().queryKey;
  const previousList = queryClient.getQueryData<PadPages>(listKey);
  const previousDetail = queryClient.getQueryData<Pad>(padQueryKey(id));
  if (previousList) {
    queryClient.setQueryData<PadPages>(listKey, {
      ...previousList,
      pages: previousList.pages.map((page) => ({
        ...page,
        results: page.results.flatMap((pad) => {
          if (pad.id !== id) return [pad];
          const changed = change(pad);
          return changed ? [changed] : [];
        }),
      })),
    });
  }
  if (previousDetail) {
    const changed = change(previousDetail);
    if (changed) queryClient.setQueryData(padQueryKey(id), changed);
  }
  return () => {
    if (previousList) queryClient.setQueryData(listKey, previousList);
    if (previousDetail) queryClient.setQueryData(padQueryKey(id), previousDetail);
  };
}

/** Shows the change at once; a refusal puts the pad back as it was. */
export function useUpdatePad(
  options: { onSuccess?: (pad: Pad) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePad,
    onMutate: async (payload) => {
      await queryClient.cancelQueries({ queryKey: padsQueryKey });
      const rollback = patchCachedPad(queryClient, payload.id, (pad) => ({
        ...pad,
        name: payload.name.trim(),
        description: payload.description.trim(),
        ...(payload.color === undefined ? {} : { color: payload.color }),
        ...(payload.icon === undefined ? {} : { icon: payload.icon }),
      }));
      return { rollback };
    },
    onError: (error, _payload, context) => {
      context?.rollback();
      options.onError?.(error);
    },
    onSuccess: (pad) => {
      queryClient.setQueryData(padQueryKey(pad.id), pad);
      options.onSuccess?.(pad);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: padsQueryKey }),
  });
}
