import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useId } from 'react';
import { focusRing } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { padsInfiniteQueryOptions, usePads } from '../../features/pads/api/get-pads.ts';
import { QueuePlayer, type QueueItem } from '../../features/player/components/queue-player.tsx';
import { padToPlay } from '../../features/player/utils/pad-to-play.ts';
import { isPendingDeletion } from '../../features/voice-notes/api/delete-voice-note.ts';
import { recentVoiceNotesQueryOptions } from '../../features/voice-notes/api/get-recent-voice-notes.ts';
import { voiceNotesInfiniteQueryOptions } from '../../features/voice-notes/api/get-voice-notes.ts';
import { VoiceNotePlayer } from '../../features/voice-notes/components/voice-note-player.tsx';
import { voiceNoteTitle } from '../../features/voice-notes/utils/voice-note-title.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { PageHeading } from '../-components/page-heading.tsx';
import { definedOnly, textParam } from '../../lib/search-params.ts';

function parsePlayerSearch(search: Record<string, unknown>): { pad?: string } {
  return definedOnly({ pad: textParam(search.pad, { max: 64 }) });
}

export const Route = createFileRoute('/_authenticated/player')({
  validateSearch: parsePlayerSearch,
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(padsInfiniteQueryOptions()),
      // Its newest note says which pad to open when the link names none.
      queryClient.ensureQueryData(recentVoiceNotesQueryOptions()),
    ]),
  component: PlayerPage,
});

function PlayerPage() {
  useDocumentTitle('Player');
  const pads = usePads();
  const allPads = pads.data.pages.flatMap((page) => page.results);
  const { pad: chosen } = Route.useSearch();
  const recent = useSuspenseQuery(recentVoiceNotesQueryOptions()).data;
  const navigate = useNavigate({ from: Route.fullPath });
  const selectId = useId();
  // The picker offers every pad: further pages load in the background, one after another.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pads;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const padId = padToPlay({
    chosen,
    lastNotePad: recent.results[0]?.pad_id,
    pads: allPads,
    morePads: hasNextPage && !isFetchNextPageError,
  });
  const waitingForPad = padId === undefined && allPads.length > 0;

  return (
    <div className="space-y-6">
      <PageHeading
        title="Player"
        description="Listen to a pad's voice notes one after another, at the speed you like."
      />
      {allPads.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          Nothing to play yet. Create a pad on the home screen and record a voice note.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Pad
            </label>
            <select
              id={selectId}
              value={padId ?? ''}
              onChange={(event) => void navigate({ search: { pad: event.target.value }, replace: true })}
              // A long pad name makes the option wider than a phone: the picker keeps to the page.
              className={`max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm max-sm:min-h-11 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
            >
              {padId === undefined ? <option value="">Loading…</option> : null}
              {allPads.map((pad) => (
                <option key={pad.id} value={pad.id}>
                  {pad.icon ? `${pad.icon} ` : ''}
                  {pad.name} ({pad.voice_note_count})
                </option>
              ))}
            </select>
          </div>
          {waitingForPad ? <Spinner label="Loading the pads…" /> : null}
          {padId ? (
            <PadQueue padId={padId} total={allPads.find((pad) => pad.id === padId)?.voice_note_count} />
          ) : null}
        </>
      )}
    </div>
  );
}

function PadQueue({ padId, total }: { padId: string; total: number | undefined }) {
  const notes = useInfiniteQuery(voiceNotesInfiniteQueryOptions(padId));
  const { fetchNextPage } = notes;
  // A failure shows beside the queue, with a button to try again.
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  if (notes.isPending) return <Spinner label="Loading the notes…" />;
  const byId = new Map(notes.data?.pages.flatMap((page) => page.results).map((note) => [note.id, note]));
  if (notes.isLoadingError) {
    return (
      <p className="text-sm text-red-700 dark:text-red-300">The notes could not be loaded. Try again.</p>
    );
  }
  return (
    <QueuePlayer
      key={padId}
      items={queueItems(notes.data.pages.flatMap((page) => page.results))}
      total={total}
      paging={{
        hasMore: notes.hasNextPage,
        isLoading: notes.isFetchingNextPage,
        failed: notes.isFetchNextPageError,
        loadMore,
      }}
      renderMedia={({ itemId, mediaRef, rate, onRateChange, audioProps }) => {
        const note = byId.get(itemId);
        return note ? (
          <VoiceNotePlayer
            key={note.id}
            note={note}
            shortcuts={false}
            rate={rate}
            onRateChange={onRateChange}
            mediaRef={mediaRef}
            audioProps={audioProps}
          />
        ) : null;
      }}
    />
  );
}

/**
 * The notes in the order the server lists them (newest first), so that each further page simply
 * continues the queue and playback can start before the older pages are loaded.
 */
function queueItems(notes: readonly VoiceNote[]): QueueItem[] {
  const items = new Map<string, QueueItem>();
  for (const note of notes) {
    if (items.has(note.id) || isPendingDeletion(note.id)) continue;
    items.set(note.id, {
      id: note.id,
      title: voiceNoteTitle(note),
      durationSeconds: note.duration_seconds,
    });
  }
  return [...items.values()];
}
