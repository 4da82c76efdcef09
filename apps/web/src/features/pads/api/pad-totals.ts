import type { QueryClient } from '@tanstack/react-query';
import { padsQueryKey } from './get-pads.ts';
import { holdTotals, releaseTotals, withTotalsChange, type PadTotalsChange } from './held-pad-totals.ts';
import { patchCachedPad } from './update-pad.ts';

export type { PadTotalsChange } from './held-pad-totals.ts';

/**
 * Shows `change` in a pad's totals at once, on its page and in the pad list, and in every pad
 * read until `releasePadTotals(key)`: for a change the server makes later (a deletion that
 * waits out its Undo delay).
 */
export function holdPadTotals(
  queryClient: QueryClient,
  key: string,
  padId: string,
  change: PadTotalsChange,
): void {
  // A read still on its way counts the change too: reads apply held changes as they arrive.
  if (!holdTotals(key, padId, change)) return;
  patchCachedPad(queryClient, padId, (pad) => withTotalsChange(pad, change));
}

/**
 * Lets the held change go. `happened`: the server has made it (the note is deleted), so the
 * totals shown stay; else (Undo, a refused deletion) they go back at once. Either way the pads
 * are read again, to show the server's own totals.
 */
export function releasePadTotals(
  queryClient: QueryClient,
  key: string,
  { happened }: { happened: boolean },
): void {
  const hold = releaseTotals(key);
  if (!hold) return;
  if (!happened) {
    const back = { notes: -hold.change.notes, seconds: -hold.change.seconds };
    patchCachedPad(queryClient, hold.padId, (pad) => withTotalsChange(pad, back));
  }
  void queryClient.invalidateQueries({ queryKey: padsQueryKey });
}
