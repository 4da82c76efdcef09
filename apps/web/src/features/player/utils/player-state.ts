import { clampRate, SEEK_STEP_SECONDS, stepRate } from '../../../lib/playback.ts';

/** Fetch the next page of notes once no more than this many loaded notes are left to play. */
export const PREFETCH_WHEN_LEFT = 3;

export interface PlayerState {
  /** Ids of the notes to play, in order. */
  queue: readonly string[];
  index: number;
  rate: number;
  /** Whether playback should be running (the audio element follows). */
  playing: boolean;
  /** False while the server has further notes that are not in `queue` yet. */
  complete: boolean;
  /**
   * A move past the last loaded note that waits for the next page: Next was pressed, or the
   * note ended. Null when nothing waits.
   */
  advance: 'next' | 'ended' | null;
}

export type PlayerAction =
  /** The queue so far; `complete` says whether the server has no further notes. */
  | { type: 'load'; queue: readonly string[]; complete: boolean }
  | { type: 'toggle' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'select'; index: number }
  /** The current note finished: go on to the next one, or stop after the last. */
  | { type: 'ended' }
  | { type: 'rate'; rate: number }
  | { type: 'faster' }
  | { type: 'slower' };

export const initialPlayerState: PlayerState = {
  queue: [],
  index: 0,
  rate: 1,
  playing: false,
  complete: true,
  advance: null,
};

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  const last = state.queue.length - 1;
  switch (action.type) {
    case 'load': {
      // Keep playing the same note when the list refreshes (or grows) around it.
      const current = state.queue[state.index];
      const kept = current === undefined ? -1 : action.queue.indexOf(current);
      const base = { ...state, queue: action.queue, complete: action.complete };
      if (kept < 0) return { ...base, index: 0, playing: false, advance: null };
      if (state.advance === null) return { ...base, index: kept };
      // A further note arrived for a Next (or an end) that came too early: go on to it.
      if (kept < action.queue.length - 1) return { ...base, index: kept + 1, advance: null };
      // Nothing further after all: a finished note stops as the last one does.
      if (action.complete) {
        return {
          ...base,
          index: kept,
          playing: state.advance === 'ended' ? false : state.playing,
          advance: null,
        };
      }
      return { ...base, index: kept };
    }
    case 'toggle':
      return state.queue.length === 0 ? state : { ...state, playing: !state.playing };
    case 'play':
      return state.queue.length === 0 ? state : { ...state, playing: true };
    case 'pause':
      return { ...state, playing: false };
    case 'next':
      if (state.index < last) return { ...state, index: state.index + 1, advance: null };
      return state.complete || state.queue.length === 0 ? state : { ...state, advance: 'next' };
    case 'previous':
      return state.index > 0 ? { ...state, index: state.index - 1, advance: null } : state;
    case 'select':
      return action.index >= 0 && action.index <= last
        ? { ...state, index: action.index, playing: true, advance: null }
        : state;
    case 'ended':
      if (state.index < last) return { ...state, index: state.index + 1 };
      // The last loaded note ended but the server has more: carry on once they arrive.
      return state.complete ? { ...state, playing: false } : { ...state, advance: 'ended' };
    case 'rate':
      return { ...state, rate: clampRate(action.rate) };
    case 'faster':
      return { ...state, rate: stepRate(state.rate, 1) };
    case 'slower':
      return { ...state, rate: stepRate(state.rate, -1) };
  }
}

/** Whether Next can do anything: a further loaded note, or further notes on the server. */
export function hasNext(state: PlayerState): boolean {
  return state.index < state.queue.length - 1 || (!state.complete && state.queue.length > 0);
}

/**
 * Whether to ask the server for the next page now: it has more, nothing is on its way, the last
 * attempt did not fail, and playback is within `PREFETCH_WHEN_LEFT` notes of the loaded end (or
 * is already waiting there).
 */
export function shouldLoadMore(
  state: Pick<PlayerState, 'queue' | 'index' | 'advance'>,
  paging: { hasMore: boolean; isLoading: boolean; failed: boolean },
): boolean {
  if (!paging.hasMore || paging.isLoading || paging.failed) return false;
  const left = state.queue.length - 1 - state.index;
  return state.advance !== null || left <= PREFETCH_WHEN_LEFT;
}

/**
 * The "of N" in "n of N": the pad's voice note count while pages are still to come (what is loaded
 * is only part), and the real length once everything is loaded (the count may be out of date).
 */
export function queueTotal(loaded: number, padCount: number | undefined, complete: boolean): number {
  if (complete || padCount === undefined) return loaded;
  return Math.max(loaded, padCount);
}

export type ShortcutCommand = PlayerAction | { type: 'seek'; by: number };

export const SHORTCUTS: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: 'Space', does: 'Play or pause' },
  { keys: '← / →', does: `Back or forward ${SEEK_STEP_SECONDS} seconds` },
  { keys: 'N / P', does: 'Next or previous note' },
  { keys: '+ / −', does: 'Faster or slower' },
];

/** The command for a key press, or null when the key is not a shortcut. */
export function shortcutFor(event: {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}): ShortcutCommand | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case ' ':
    case 'Spacebar':
    case 'k':
      return { type: 'toggle' };
    case 'ArrowLeft':
      return { type: 'seek', by: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return { type: 'seek', by: SEEK_STEP_SECONDS };
    case 'n':
    case 'N':
      return { type: 'next' };
    case 'p':
    case 'P':
      return { type: 'previous' };
    case '+':
    case '=':
      return { type: 'faster' };
    case '-':
    case '_':
      return { type: 'slower' };
    default:
      return null;
  }
}
