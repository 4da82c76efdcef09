/**
 * The speaker of each recognised word (or segment): the speaker whose turns overlap it
 * most; a word in a pause between turns takes the nearer turn's speaker. Words and turns
 * are both in time order, so one pass over each is enough: linear in their numbers.
 */
import type { SpeakerTurn } from './turns.ts';

export interface TimeSpan {
  start: number;
  end: number;
}

/** One speaker per span, `null` only when there are no turns at all. */
export function speakersOf(spans: readonly TimeSpan[], turns: readonly SpeakerTurn[]): (number | null)[] {
  if (turns.length === 0) return spans.map(() => null);
  const overlap = new Map<number, number>();
  let first = 0;
  let previousStart = -Infinity;
  return spans.map(({ start, end }) => {
    // Spans out of order are rare (the engines emit words in order); start over for them.
    if (start < previousStart) first = 0;
    previousStart = start;
    while (first < turns.length - 1 && turns[first]!.end <= start) first++;
    overlap.clear();
    let best: number | null = null;
    let bestOverlap = 0;
    for (let t = first; t < turns.length && turns[t]!.start < end; t++) {
      const turn = turns[t]!;
      const shared = Math.min(end, turn.end) - Math.max(start, turn.start);
      if (shared <= 0) continue;
      const sum = (overlap.get(turn.speaker) ?? 0) + shared;
      overlap.set(turn.speaker, sum);
      if (sum > bestOverlap) [best, bestOverlap] = [turn.speaker, sum];
    }
    if (best !== null) return best;
    return nearestTurn(turns, first, start, end).speaker;
  });
}

/** `turns[first]` is the first turn that does not end before the span starts (or the last turn). */
function nearestTurn(turns: readonly SpeakerTurn[], first: number, start: number, end: number): SpeakerTurn {
  const after = turns[first]!;
  const before = first > 0 ? turns[first - 1]! : undefined;
  if (after.end <= start) return after;
  if (!before) return after;
  return start - before.end <= after.start - end ? before : after;
}
