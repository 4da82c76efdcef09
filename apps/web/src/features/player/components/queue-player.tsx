import { useEffect, useId, useReducer, useRef } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import {
  initialPlayerState,
  isOwnedByTarget,
  PLAYBACK_RATES,
  playerReducer,
  SHORTCUTS,
  shortcutFor,
} from '../utils/player-state.ts';

export interface QueueItem {
  id: string;
  title: string;
  src: string;
  durationSeconds: number | null;
  transcript: string | null;
}

/** Plays a list of notes one after another, with speed control and keyboard shortcuts. */
export function QueuePlayer({ items }: { items: readonly QueueItem[] }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const rateId = useId();
  const ids = items.map((item) => item.id).join(',');

  useEffect(() => {
    dispatch({ type: 'load', queue: ids === '' ? [] : ids.split(',') });
  }, [ids]);

  const current = items.find((item) => item.id === state.queue[state.index]);

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

  if (items.length === 0) {
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
            Now playing · {state.index + 1} of {state.queue.length}
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
          <Button
            variant="secondary"
            onClick={() => dispatch({ type: 'next' })}
            disabled={state.index >= state.queue.length - 1}
          >
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
            const item = items.find((candidate) => candidate.id === id);
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
                  </span>
                  <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                    {item.durationSeconds === null ? '' : formatDuration(item.durationSeconds)}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
