import { useEffect, useEffectEvent, useId, useMemo, useReducer, useRef } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import {
  hasNext,
  initialPlayerState,
  isOwnedByTarget,
  PLAYBACK_RATES,
  playerReducer,
  queueTotal,
  SHORTCUTS,
  shortcutFor,
  shouldLoadMore,
} from '../utils/player-state.ts';

export interface QueueItem {
  id: string;
  title: string;
  src: string;
  durationSeconds: number | null;
  transcript: string | null;
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
}

/**
 * Plays a list of notes one after another, with speed control and keyboard shortcuts. With
 * `paging`, it asks for the next page as playback nears the end of what is loaded, and carries on
 * into it.
 */
export function QueuePlayer({ items, total, paging = NO_PAGING }: QueuePlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const ids = items.map((item) => item.id).join(',');
  // Loaded from the first render on, so that an empty queue is never taken for the loaded end.
  const [state, dispatch] = useReducer(playerReducer, undefined, () =>
    playerReducer(initialPlayerState, { type: 'load', queue: idList(ids), complete: !paging.hasMore }),
  );
  const rateId = useId();
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

  // The audio element follows the state: source, rate, play/pause.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.playbackRate = state.rate;
  }, [state.rate, current?.id]);

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
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <section
        aria-labelledby="now-playing"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Now playing · {Math.min(state.index + 1, of)} of {of}
          </p>
          <h2 id="now-playing" className="mt-1 text-xl font-semibold text-slate-900 dark:text-slate-50">
            {current?.title ?? '—'}
          </h2>
        </div>
        <audio
          ref={audioRef}
          src={current?.src}
          controls
          preload="metadata"
          className="w-full"
          aria-label="Voice note audio"
          onPlay={() => dispatch({ type: 'play' })}
          onPause={(event) => {
            if (!event.currentTarget.ended) dispatch({ type: 'pause' });
          }}
          onEnded={() => dispatch({ type: 'ended' })}
          onLoadedMetadata={(event) => {
            event.currentTarget.playbackRate = state.rate;
          }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onClick={() => dispatch({ type: 'previous' })}
            disabled={state.index === 0}
          >
            Previous
          </Button>
          <Button onClick={() => dispatch({ type: 'toggle' })} className="min-w-24">
            {state.playing ? 'Pause' : 'Play'}
          </Button>
          <Button variant="secondary" onClick={() => dispatch({ type: 'next' })} disabled={!hasNext(state)}>
            Next
          </Button>
          <label htmlFor={rateId} className="ml-auto text-sm text-slate-600 dark:text-slate-300">
            Speed
          </label>
          <select
            id={rateId}
            value={state.rate}
            onChange={(event) => dispatch({ type: 'rate', rate: Number(event.target.value) })}
            className={`rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
          >
            {PLAYBACK_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate}×
              </option>
            ))}
          </select>
        </div>
        <p aria-live="polite" className="sr-only">
          {current ? `${current.title}, ${state.playing ? 'playing' : 'paused'}, speed ${state.rate}×` : ''}
        </p>
        {waiting && !paging.failed ? <Spinner label="Loading the next notes…" /> : null}
        {current?.transcript ? (
          <p className="max-h-48 overflow-y-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
            {current.transcript}
          </p>
        ) : null}
        <div>
          <h3 className="text-sm font-medium text-slate-900 dark:text-slate-50">Keyboard shortcuts</h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
            {SHORTCUTS.map((shortcut) => (
              <div key={shortcut.keys} className="contents">
                <dt>
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                    {shortcut.keys}
                  </kbd>
                </dt>
                <dd>{shortcut.does}</dd>
              </div>
            ))}
          </dl>
        </div>
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
                  className={`flex w-full items-baseline justify-between gap-2 rounded-md px-3 py-2 text-left text-sm ${focusRing} ${
                    isCurrent
                      ? 'bg-indigo-50 font-medium text-indigo-900 dark:bg-indigo-500/20 dark:text-indigo-100'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                  }`}
                >
                  <span className="truncate">
                    {index + 1}. {item.title}
                    <span className="sr-only">,</span>
                  </span>
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
