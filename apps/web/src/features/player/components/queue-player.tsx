import {
  useEffect,
  useEffectEvent,
  useMemo,
  useReducer,
  useRef,
  type AudioHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ShortcutsHelp } from '../../../components/ui/shortcuts-help.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import { isOwnedByTarget } from '../../../lib/playback.ts';
import {
  hasNext,
  initialPlayerState,
  playerReducer,
  queueTotal,
  SHORTCUTS,
  shortcutFor,
  shouldLoadMore,
} from '../utils/player-state.ts';

export interface QueueItem {
  id: string;
  title: string;
  durationSeconds: number | null;
}

/**
 * What the queue hands the player of its current note: the audio element it starts, stops
 * and follows, the speed it keeps from note to note, and the media events it listens to.
 */
export interface QueueMedia {
  itemId: string;
  mediaRef: RefObject<HTMLAudioElement | null>;
  rate: number;
  onRateChange: (rate: number) => void;
  audioProps: Required<Pick<AudioHTMLAttributes<HTMLAudioElement>, 'onPlay' | 'onPause' | 'onEnded'>>;
}

/** Where the queue comes from when the server hands it out a page at a time. */
export interface QueuePaging {
  /** The server has notes after the last of `items`. */
  hasMore: boolean;
  /** A page is on its way. */
  isLoading: boolean;
  /** The last attempt at the next page failed (it is then only retried on request). */
  failed: boolean;
  /** Fetch the next page; its notes are then passed in as further `items`. */
  loadMore: () => void;
}

const idList = (ids: string): string[] => (ids === '' ? [] : ids.split(','));

const NO_PAGING: QueuePaging = { hasMore: false, isLoading: false, failed: false, loadMore: () => {} };

export interface QueuePlayerProps {
  items: readonly QueueItem[];
  /** How many notes there are in all, loaded or not (shown as "n of total"). */
  total?: number | undefined;
  paging?: QueuePaging | undefined;
  /** The player of the current note (the route composes the note page's player here). */
  renderMedia: (media: QueueMedia) => ReactNode;
}

/**
 * Plays a list of notes one after another, with speed control and keyboard shortcuts. With
 * `paging`, it asks for the next page as playback nears the end of what is loaded, and carries on
 * into it.
 */
export function QueuePlayer({ items, total, paging = NO_PAGING, renderMedia }: QueuePlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const ids = items.map((item) => item.id).join(',');
  // Loaded from the first render on, so that an empty queue is never taken for the loaded end.
  const [state, dispatch] = useReducer(playerReducer, undefined, () =>
    playerReducer(initialPlayerState, { type: 'load', queue: idList(ids), complete: !paging.hasMore }),
  );
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);

  useEffect(() => {
    dispatch({ type: 'load', queue: idList(ids), complete: !paging.hasMore });
  }, [ids, paging.hasMore]);

  // Ask for the next page once, each time playback comes near the loaded end.
  const wantsMore = shouldLoadMore(state, paging);
  const loadMore = useEffectEvent(() => paging.loadMore());
  useEffect(() => {
    if (wantsMore) loadMore();
  }, [wantsMore]);

  const current = byId.get(state.queue[state.index] ?? '');
  const of = queueTotal(state.queue.length, total, state.complete);
  const waiting = state.advance !== null && !state.complete;

  // The audio element follows the state: play or pause (the note's player applies the rate).
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !current) return;
    if (state.playing) {
      audio.play().catch(() => dispatch({ type: 'pause' }));
    } else {
      audio.pause();
    }
  }, [state.playing, current?.id, current]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || isOwnedByTarget(event.key, event.target)) return;
      const command = shortcutFor(event);
      if (!command) return;
      event.preventDefault();
      if (command.type === 'seek') {
        const audio = audioRef.current;
        if (audio) audio.currentTime = Math.max(0, audio.currentTime + command.by);
        return;
      }
      dispatch(command);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (items.length === 0 && paging.hasMore && !paging.failed) return <Spinner label="Loading the notes…" />;
  if (items.length === 0 && !paging.hasMore) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        This pad has no voice notes to play yet.
      </p>
    );
  }

  return (
    // minmax(0, …): a long title in the queue is cut with "…" instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="now-playing" className="min-w-0 space-y-4">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Now playing · {Math.min(state.index + 1, of)} of {of}
          </p>
          <h2 id="now-playing" className="mt-1 text-xl font-semibold text-slate-900 dark:text-slate-50">
            {current?.title ?? '—'}
          </h2>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onClick={() => dispatch({ type: 'previous' })}
            disabled={state.index === 0}
          >
            Previous
          </Button>
          <Button variant="secondary" onClick={() => dispatch({ type: 'next' })} disabled={!hasNext(state)}>
            Next
          </Button>
        </div>
        <div className="max-sm:hidden">
          <ShortcutsHelp shortcuts={SHORTCUTS} />
        </div>
        {current
          ? renderMedia({
              itemId: current.id,
              mediaRef: audioRef,
              rate: state.rate,
              onRateChange: (rate) => dispatch({ type: 'rate', rate }),
              audioProps: {
                onPlay: () => dispatch({ type: 'play' }),
                onPause: (event) => {
                  if (!event.currentTarget.ended) dispatch({ type: 'pause' });
                },
                onEnded: () => dispatch({ type: 'ended' }),
              },
            })
          : null}
        <p aria-live="polite" className="sr-only">
          {current ? `${current.title}, ${state.playing ? 'playing' : 'paused'}, speed ${state.rate}×` : ''}
        </p>
        {waiting && !paging.failed ? <Spinner label="Loading the next notes…" /> : null}
      </section>
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="mb-2 text-base font-semibold text-slate-900 dark:text-slate-50">
          Queue
        </h2>
        <ol className="space-y-1">
          {state.queue.map((id, index) => {
            const item = byId.get(id);
            if (!item) return null;
            const isCurrent = index === state.index;
            return (
              <li key={id}>
                <button
                  type="button"
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => dispatch({ type: 'select', index })}
                  className={`flex w-full items-baseline justify-between gap-2 rounded-md px-3 py-2 text-left text-sm max-sm:min-h-11 max-sm:items-center ${focusRing} ${
                    isCurrent
                      ? 'bg-indigo-50 font-medium text-indigo-900 dark:bg-indigo-500/20 dark:text-indigo-100'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                  }`}
                >
                  <span className="min-w-0 truncate">
                    {index + 1}. {item.title}
                  </span>
                  {/* Outside the cut title: inside, it sat past the page's edge and widened it. */}
                  <span className="sr-only">,</span>
                  <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                    {item.durationSeconds === null ? '' : formatDuration(item.durationSeconds)}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        {paging.failed ? (
          <FormAlert>
            <div className="flex flex-wrap items-center gap-3">
              <span>The next notes could not be loaded.</span>
              <Button variant="secondary" onClick={paging.loadMore} disabled={paging.isLoading}>
                Try again
              </Button>
            </div>
          </FormAlert>
        ) : paging.hasMore ? (
          <Button
            variant="ghost"
            className="mt-2 w-full"
            onClick={paging.loadMore}
            disabled={paging.isLoading}
          >
            {paging.isLoading ? 'Loading more…' : 'Load more'}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
