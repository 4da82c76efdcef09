/**
 * What every audio player in the app shares (the note page and the Player): the speeds it
 * offers, how far the skip buttons and arrow keys jump, and which key presses belong to the
 * focused element rather than to the player's shortcuts.
 */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export const SEEK_STEP_SECONDS = 5;

const MIN_RATE = PLAYBACK_RATES[0];
const MAX_RATE = PLAYBACK_RATES[PLAYBACK_RATES.length - 1] ?? 2;

export function clampRate(rate: number): number {
  return Math.min(MAX_RATE, Math.max(MIN_RATE, Number.isFinite(rate) ? rate : 1));
}

function nearestRateIndex(rate: number): number {
  let best = 0;
  PLAYBACK_RATES.forEach((value, index) => {
    if (Math.abs(value - rate) < Math.abs((PLAYBACK_RATES[best] ?? 1) - rate)) best = index;
  });
  return best;
}

/** The next offered speed up (`1`) or down (`-1`) from `rate`, stopping at either end. */
export function stepRate(rate: number, direction: 1 | -1): number {
  const index = Math.min(PLAYBACK_RATES.length - 1, Math.max(0, nearestRateIndex(rate) + direction));
  return PLAYBACK_RATES[index] ?? 1;
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
  // Inside an open dialog the page's shortcuts do not apply.
  return target.closest('dialog[open], [role="dialog"], [role="alertdialog"]') !== null;
}
