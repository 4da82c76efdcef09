import { padSchema, type Pad } from '@voxpad/shared/pads';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { padsQueryKey } from './get-pads.ts';
import { withHeldTotals } from './held-pad-totals.ts';

export async function getPad(id: string): Promise<Pad> {
  return withHeldTotals(await apiClient.api('GET', `pad/${encodeURIComponent(id)}/`, padSchema));
}

export function padQueryKey(id: string) {
  return [...padsQueryKey, 'detail', id] as const;
}

export function padQueryOptions(id: string) {
  return queryOptions({
    queryKey: padQueryKey(id),
    queryFn: () => getPad(id),
  });
}

export function usePad(id: string): Pad {
  return useSuspenseQuery(padQueryOptions(id)).data;
}
