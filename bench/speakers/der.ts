/**
 * Diarization error rate as NIST scores it: (missed speech + false alarm + speaker
 * confusion) / scored reference speech, after mapping each found speaker to at most one real
 * speaker so that the most time agrees (exhaustively, over a 10 ms grid). No time within
 * the collar (0.25 s) either side of a reference turn's start or end is scored: where a
 * turn starts or ends to the frame is a matter of annotation, not of who spoke.
 */
import type { ReferenceTurn } from './dialogues.ts';

const STEP = 0.01;
export const COLLAR_SECONDS = 0.25;

export interface DerCounts {
  /** Seconds of scored reference speech. */
  speech: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
}

export function emptyCounts(): DerCounts {
  return { speech: 0, missed: 0, falseAlarm: 0, confusion: 0 };
}

export function addCounts(into: DerCounts, counts: DerCounts): DerCounts {
  into.speech += counts.speech;
  into.missed += counts.missed;
  into.falseAlarm += counts.falseAlarm;
  into.confusion += counts.confusion;
  return into;
}

export function der(counts: DerCounts): number {
  return counts.speech > 0 ? (counts.missed + counts.falseAlarm + counts.confusion) / counts.speech : 0;
}

export function scoreDiarization(
  reference: readonly ReferenceTurn[],
  hypothesis: readonly { start: number; end: number; speaker: number }[],
  seconds: number,
  collar = COLLAR_SECONDS,
): DerCounts {
  const frames = Math.ceil(seconds / STEP);
  const ref = new Int16Array(frames).fill(-1);
  const hyp = new Int16Array(frames).fill(-1);
  const scored = new Uint8Array(frames).fill(1);
  const refIds = new Map<string, number>();
  const frameOf = (t: number) => Math.max(0, Math.min(frames, Math.round(t / STEP)));
  for (const turn of reference) {
    let id = refIds.get(turn.speaker);
    if (id === undefined) refIds.set(turn.speaker, (id = refIds.size));
    ref.fill(id, frameOf(turn.start), frameOf(turn.end));
    for (const edge of [turn.start, turn.end]) scored.fill(0, frameOf(edge - collar), frameOf(edge + collar));
  }
  let hypCount = 0;
  for (const turn of hypothesis) {
    hyp.fill(turn.speaker, frameOf(turn.start), frameOf(turn.end));
    hypCount = Math.max(hypCount, turn.speaker + 1);
  }
  const refCount = refIds.size;
  const together = Array.from({ length: hypCount }, () => new Float64Array(refCount));
  const counts = emptyCounts();
  for (let f = 0; f < frames; f++) {
    if (!scored[f]) continue;
    const r = ref[f]!;
    const h = hyp[f]!;
    if (r >= 0) counts.speech += STEP;
    if (r >= 0 && h < 0) counts.missed += STEP;
    if (r < 0 && h >= 0) counts.falseAlarm += STEP;
    if (r >= 0 && h >= 0) together[h]![r] = together[h]![r]! + STEP;
  }
  let bothSpeaking = 0;
  for (const row of together) for (const t of row) bothSpeaking += t;
  counts.confusion = bothSpeaking - bestMapping(together, refCount);
  return counts;
}

/** Most agreeing time over one-to-one mappings of found speakers to real ones. */
function bestMapping(together: readonly Float64Array[], refCount: number): number {
  let best = new Float64Array(1 << refCount).fill(-Infinity);
  best[0] = 0;
  for (const row of together) {
    const next = Float64Array.from(best);
    for (let mask = 0; mask < best.length; mask++) {
      if (best[mask] === -Infinity) continue;
      for (let r = 0; r < refCount; r++) {
        if (mask & (1 << r)) continue;
        const value = best[mask]! + row[r]!;
        if (value > next[mask | (1 << r)]!) next[mask | (1 << r)] = value;
      }
    }
    best = next;
  }
  return Math.max(...best);
}
