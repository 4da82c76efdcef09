import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Pad } from '@voxpad/shared/pads';
import type { Page } from '@voxpad/shared/pagination';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { getPad, padQueryKey } from './get-pad.ts';
import { getPads, padListQueryKey } from './get-pads.ts';
import { holdPadTotals, releasePadTotals } from './pad-totals.ts';

function pad(id: string, notes: number, seconds: number): Pad {
  return {
    id,
    name: `Pad ${id}`,
    description: '',
    color: 'slate',
    icon: null,
    voice_note_count: notes,
    total_duration_seconds: seconds,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
}

type PadPages = InfiniteData<Page<Pad>, string | null>;
let queryClient: QueryClient;

const detail = () => queryClient.getQueryData<Pad>(padQueryKey('p1'));
const listed = () => queryClient.getQueryData<PadPages>(padListQueryKey)?.pages[0]?.results ?? [];
const totals = (item: Pad | undefined) => [item?.voice_note_count, item?.total_duration_seconds];

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(padQueryKey('p1'), pad('p1', 2, 8));
  queryClient.setQueryData<PadPages>(padListQueryKey, {
    pageParams: [null],
    pages: [{ next: null, previous: null, results: [pad('p1', 2, 8), pad('p2', 1, 5)] }],
  });
});
afterEach(() => {
  releasePadTotals(queryClient, 'n1', { happened: false });
  queryClient.clear();
});

describe('held pad totals', () => {
  it('show a note leaving its pad at once, on the pad and in the list, and nowhere else', () => {
    holdPadTotals(queryClient, 'n1', 'p1', { notes: -1, seconds: -3 });
    expect(totals(detail())).toEqual([1, 5]);
    expect(listed().map(totals)).toEqual([
      [1, 5],
      [1, 5],
    ]);
  });

  it('count in every read while held, so a refetch cannot bring the old totals back', async () => {
    vi.spyOn(apiClient, 'api').mockImplementation((_method, path) =>
      Promise.resolve(
        path === 'pad/'
          ? { next: null, previous: null, results: [pad('p1', 2, 8), pad('p2', 1, 5)] }
          : pad('p1', 2, 8),
      ),
    );
    holdPadTotals(queryClient, 'n1', 'p1', { notes: -1, seconds: -3 });
    expect(totals(await getPad('p1'))).toEqual([1, 5]);
    expect((await getPads()).results.map(totals)).toEqual([
      [1, 5],
      [1, 5],
    ]);

    releasePadTotals(queryClient, 'n1', { happened: false });
    expect(totals(await getPad('p1'))).toEqual([2, 8]);
  });

  it('go back at once on Undo, and stay when the server has made the change', () => {
    holdPadTotals(queryClient, 'n1', 'p1', { notes: -1, seconds: -3 });
    releasePadTotals(queryClient, 'n1', { happened: false });
    expect(totals(detail())).toEqual([2, 8]);

    holdPadTotals(queryClient, 'n2', 'p1', { notes: -1, seconds: -3 });
    releasePadTotals(queryClient, 'n2', { happened: true });
    expect(totals(detail())).toEqual([1, 5]);
    expect(totals(listed()[0])).toEqual([1, 5]);
  });

  it('hold a change once per key', () => {
    holdPadTotals(queryClient, 'n1', 'p1', { notes: -1, seconds: -3 });
    holdPadTotals(queryClient, 'n1', 'p1', { notes: -1, seconds: -3 });
    expect(totals(detail())).toEqual([1, 5]);
  });
});
