import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Page } from '@voxpad/shared/pagination';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueuePlayer, type QueueItem, type QueueMedia } from './queue-player.tsx';

const PAGE_SIZE = 5;
const NOTES: QueueItem[] = Array.from({ length: 12 }, (_, i) => ({
  id: `n${i + 1}`,
  title: `Note ${i + 1}`,
  durationSeconds: 10,
}));

/** A bare audio element in place of the note page's player the route composes in. */
function media({ itemId, mediaRef, audioProps }: QueueMedia) {
  return (
    <audio
      key={itemId}
      ref={mediaRef}
      src={`/audio/${itemId}.wav`}
      aria-label="Voice note audio"
      {...audioProps}
    />
  );
}

/** Sources `play()` was called on, in order. */
let played: string[] = [];

function pageAt(cursor: string | null): Page<QueueItem> {
  const start = cursor === null ? 0 : Number(cursor);
  const end = start + PAGE_SIZE;
  return {
    results: NOTES.slice(start, end),
    next: end < NOTES.length ? String(end) : null,
    previous: null,
  };
}

/** The player fed the way the /player route feeds it: an infinite query over cursor pages. */
function PagedPlayer({ fetchPage }: { fetchPage: (cursor: string | null) => Promise<Page<QueueItem>> }) {
  const notes = useInfiniteQuery({
    queryKey: ['notes'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  if (!notes.data) return null;
  return (
    <QueuePlayer
      items={notes.data.pages.flatMap((page) => page.results)}
      total={NOTES.length}
      paging={{
        hasMore: notes.hasNextPage,
        isLoading: notes.isFetchingNextPage,
        failed: notes.isFetchNextPageError,
        loadMore: () => void notes.fetchNextPage(),
      }}
      renderMedia={media}
    />
  );
}

function renderPlayer(fetchPage: (cursor: string | null) => Promise<Page<QueueItem>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PagedPlayer fetchPage={fetchPage} />
    </QueryClientProvider>,
  );
}

const queue = () => within(screen.getByRole('region', { name: 'Queue' }));
const queueButton = (n: number) => queue().getByRole('button', { name: new RegExp(`^${n}\\. Note ${n}\\b`) });
const findQueueButton = (n: number) =>
  queue().findByRole('button', { name: new RegExp(`^${n}\\. Note ${n}\\b`) });
const position = () => screen.getByText(/^Now playing/).textContent;

beforeEach(() => {
  played = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(cleanup);

describe('QueuePlayer across pages', () => {
  it('shows the position against the whole pad and loads pages as playback nears their end', async () => {
    const fetchPage = vi.fn((cursor: string | null) => Promise.resolve(pageAt(cursor)));
    renderPlayer(fetchPage);
    await screen.findByRole('heading', { name: 'Note 1' });
    expect(position()).toBe('Now playing · 1 of 12');
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(queue().queryAllByRole('button', { name: /^\d+\. Note/ })).toHaveLength(5);

    // Two notes before the end of the first page: the second page is fetched.
    fireEvent.click(queueButton(3));
    await findQueueButton(6);
    expect(fetchPage).toHaveBeenLastCalledWith('5');
    expect(position()).toBe('Now playing · 3 of 12');

    fireEvent.click(queueButton(8));
    await findQueueButton(12);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    // The last note: Next is off, and nothing more is asked for.
    fireEvent.click(queueButton(12));
    expect(position()).toBe('Now playing · 12 of 12');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('carries on into the next page when a note ends before that page has arrived', async () => {
    let release: () => void = () => {};
    const fetchPage = vi.fn((cursor: string | null) =>
      cursor === null
        ? Promise.resolve(pageAt(cursor))
        : new Promise<Page<QueueItem>>((resolve) => {
            release = () => resolve(pageAt(cursor));
          }),
    );
    renderPlayer(fetchPage);
    await screen.findByRole('heading', { name: 'Note 1' });

    fireEvent.click(queueButton(5));
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    fireEvent.ended(screen.getByLabelText('Voice note audio'));
    expect(screen.getByText('Loading the next notes…')).toBeTruthy();
    expect(position()).toBe('Now playing · 5 of 12');

    await act(async () => release());
    await screen.findByRole('heading', { name: 'Note 6' });
    expect(position()).toBe('Now playing · 6 of 12');
    // Playback carried on: the next note's audio was started.
    await waitFor(() => expect(played.at(-1)).toBe('/audio/n6.wav'));
    expect(screen.queryByText('Loading the next notes…')).toBeNull();
  });

  it('offers to try again when a page fails, without retrying on its own', async () => {
    const fetchPage = vi.fn((cursor: string | null) =>
      cursor === '5' && fetchPage.mock.calls.length === 2
        ? Promise.reject(new Error('offline'))
        : Promise.resolve(pageAt(cursor)),
    );
    renderPlayer(fetchPage);
    await screen.findByRole('heading', { name: 'Note 1' });
    fireEvent.click(queueButton(4));
    await screen.findByText('The next notes could not be loaded.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchPage).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await findQueueButton(6);
    await waitFor(() => expect(screen.queryByText('The next notes could not be loaded.')).toBeNull());
  });
});
