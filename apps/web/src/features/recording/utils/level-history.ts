/** How many bars the live waveform shows: about three seconds at the meter's ~15 readings a second. */
export const LEVEL_HISTORY_SIZE = 48;

/** The newest `size` levels, oldest first, with `level` (clamped to 0..1) added at the end. */
export function pushLevel(history: readonly number[], level: number, size = LEVEL_HISTORY_SIZE): number[] {
  const clamped = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 0;
  const next = [...history, clamped];
  return next.length > size ? next.slice(next.length - size) : next;
}
