export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const SEEK_STEP_SECONDS = 5;

export interface PlayerState {
  /** Ids of the notes to play, in order. */
  queue: readonly string[];
  index: number;
  rate: number;
  /** Whether playback should be running (the audio element follows). */
  playing: boolean;
}

export type PlayerAction =
  | { type: 'load'; queue: readonly string[] }
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

export const initialPlayerState: PlayerState = { queue: [], index: 0, rate: 1, playing: false };

function nearestRateIndex(rate: number): number {
  let best = 0;
  PLAYBACK_RATES.forEach((value, index) => {
    if (Math.abs(value - rate) < Math.abs((PLAYBACK_RATES[best] ?? 1) - rate)) best = index;
  });
  return best;
}

export function clampRate(rate: number): number {
  return Math.min(2, Math.max(0.5, Number.isFinite(rate) ? rate : 1));
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  const last = state.queue.length - 1;
  switch (action.type) {
    case 'load': {
      // Keep playing the same note when the list refreshes around it.
      const current = state.queue[state.index];
      const kept = current === undefined ? -1 : action.queue.indexOf(current);
      return {
        ...state,
        queue: action.queue,
        index: kept >= 0 ? kept : 0,
        playing: kept >= 0 ? state.playing : false,
      };
    }
    case 'toggle':
      return state.queue.length === 0 ? state : { ...state, playing: !state.playing };
    case 'play':
      return state.queue.length === 0 ? state : { ...state, playing: true };
    case 'pause':
      return { ...state, playing: false };
    case 'next':
      return state.index < last ? { ...state, index: state.index + 1 } : state;
    case 'previous':
      return state.index > 0 ? { ...state, index: state.index - 1 } : state;
    case 'select':
      return action.index >= 0 && action.index <= last
        ? { ...state, index: action.index, playing: true }
        : state;
    case 'ended':
      return state.index < last ? { ...state, index: state.index + 1 } : { ...state, playing: false };
    case 'rate':
      return { ...state, rate: clampRate(action.rate) };
    case 'faster':
      return {
        ...state,
        rate: PLAYBACK_RATES[Math.min(PLAYBACK_RATES.length - 1, nearestRateIndex(state.rate) + 1)] ?? 2,
      };
    case 'slower':
      return { ...state, rate: PLAYBACK_RATES[Math.max(0, nearestRateIndex(state.rate) - 1)] ?? 0.5 };
  }
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

/** Keys typed into fields (and Space on buttons and links) belong to those elements. */
export function isOwnedByTarget(key: string, target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  // Native media controls handle their own Space and arrows.
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'AUDIO' || tag === 'VIDEO') {
    return true;
  }
  if ((key === ' ' || key === 'Enter') && (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY')) return true;
  if (target.getAttribute('role') === 'slider') return key.startsWith('Arrow');
  return false;
}
