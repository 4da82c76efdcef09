import type { Pad } from '@voxpad/shared/pads';

/** Notes and seconds a pad gains (positive) or loses (negative). */
export interface PadTotalsChange {
  notes: number;
  seconds: number;
}

interface Hold {
  padId: string;
  change: PadTotalsChange;
}

/**
 * Changes to pads' totals that the page shows before the server has them: a note deleted
 * with Undo leaves its pad at once, but the server deletes it only after the Undo delay. Each
 * is held by a key (the note's id) until released; every pad read meanwhile counts it, so a
 * refetch in between cannot bring the old totals back.
 */
const held = new Map<string, Hold>();

export function withTotalsChange(pad: Pad, change: PadTotalsChange): Pad {
  return {
    ...pad,
    voice_note_count: Math.max(0, pad.voice_note_count + change.notes),
    total_duration_seconds: Math.max(0, pad.total_duration_seconds + change.seconds),
  };
}

/** The pad as the server sent it, with the changes held for it. */
export function withHeldTotals(pad: Pad): Pad {
  let result = pad;
  for (const hold of held.values()) if (hold.padId === pad.id) result = withTotalsChange(result, hold.change);
  return result;
}

/** False when `key` holds a change already. */
export function holdTotals(key: string, padId: string, change: PadTotalsChange): boolean {
  if (held.has(key)) return false;
  held.set(key, { padId, change });
  return true;
}

/** The change `key` held, now let go; null when it held none. */
export function releaseTotals(key: string): Hold | null {
  const hold = held.get(key) ?? null;
  held.delete(key);
  return hold;
}
