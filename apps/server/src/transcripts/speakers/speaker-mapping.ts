/**
 * A re-transcription keeps what a person did to the speakers (ADR 0053):
 *
 * 1. Each speaker the engine now finds takes the id (and so the name) of the earlier speaker
 *    it shares the most time with, outside the stretches the person gave to a speaker by hand
 *    (those say what the person heard, not what the engine hears there; step 2 gives them
 *    again); two new speakers that share most time with one earlier
 *    speaker both become it (a merge stays merged). A new speaker that shares no time with
 *    any earlier one gets a fresh id and a default name.
 * 2. The stretches the person gave to a speaker by hand are given again, oldest first, to
 *    the words now said in them (a reassignment or a split stays where it was in time).
 * 3. The names are the earlier ones; speakers no segment names any more are left out.
 */
import type { NoteSpeaker } from '@voxpad/shared/speakers';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { assignStretch, freshSpeakerId, type SpeakerState, speakersOfSegments } from './note-speakers.ts';

export interface KeptSpeakers {
  segments: TranscriptSegment[];
  speakers: NoteSpeaker[];
  /** Engine id → the id it keeps (step 1); ids absent keep their own. */
  mapping: Map<string, string>;
}

export function keepSpeakerEdits(
  fresh: readonly TranscriptSegment[],
  earlier: SpeakerState & { segments: readonly TranscriptSegment[] },
): KeptSpeakers {
  const mapping = mapSpeakers(fresh, earlier.segments, earlier.edits);
  let segments = fresh.map((s) =>
    s.speaker === undefined ? s : { ...s, speaker: mapping.get(s.speaker) ?? s.speaker },
  );
  const known = new Set(earlier.speakers.map((s) => s.id));
  for (const stretch of earlier.edits) {
    if (known.has(stretch.speaker)) segments = assignStretch(segments, stretch);
  }
  return { segments, speakers: speakersOfSegments(segments, earlier.speakers), mapping };
}

/** New engine id → the id it keeps: the earlier speaker it overlaps most, or a fresh one. */
export function mapSpeakers(
  fresh: readonly TranscriptSegment[],
  earlier: readonly TranscriptSegment[],
  edited: readonly { start: number; end: number }[] = [],
): Map<string, string> {
  const outside = voteOutside(fresh, earlier, unionOf(edited));
  const anywhere = voteOutside(fresh, earlier, []);
  const mapping = new Map<string, string>();
  const taken = new Set(earlier.flatMap((s) => (s.speaker === undefined ? [] : [s.speaker])));
  for (const segment of fresh) {
    const id = segment.speaker;
    if (id === undefined || mapping.has(id)) continue;
    const votes = outside.get(id)?.size ? outside.get(id)! : (anywhere.get(id) ?? new Map<string, number>());
    const best = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
    const kept = best?.[0] ?? freshSpeakerId(taken);
    taken.add(kept);
    mapping.set(id, kept);
  }
  return mapping;
}

/** For each new speaker, the time it shares with each earlier one, leaving `excluded` out. */
function voteOutside(
  fresh: readonly TranscriptSegment[],
  earlier: readonly TranscriptSegment[],
  excluded: readonly { start: number; end: number }[],
): Map<string, Map<string, number>> {
  const shared = new Map<string, Map<string, number>>();
  const before = [...earlier].filter((s) => s.speaker !== undefined).sort((a, b) => a.start - b.start);
  const after = [...fresh].filter((s) => s.speaker !== undefined).sort((a, b) => a.start - b.start);
  // Both in time order: one sweep finds every overlapping pair.
  let first = 0;
  for (const segment of after) {
    while (first < before.length && before[first]!.end <= segment.start) first++;
    for (let i = first; i < before.length && before[i]!.start < segment.end; i++) {
      const other = before[i]!;
      const from = Math.max(segment.start, other.start);
      const to = Math.min(segment.end, other.end);
      let overlap = to - from;
      for (const gap of excluded) overlap -= Math.max(0, Math.min(to, gap.end) - Math.max(from, gap.start));
      if (overlap <= 1e-9) continue;
      const votes = shared.get(segment.speaker!) ?? new Map<string, number>();
      votes.set(other.speaker!, (votes.get(other.speaker!) ?? 0) + overlap);
      shared.set(segment.speaker!, votes);
    }
  }
  return shared;
}

/** The stretches joined where they overlap, in time order. */
function unionOf(stretches: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...stretches].sort((a, b) => a.start - b.start);
  const joined: { start: number; end: number }[] = [];
  for (const { start, end } of sorted) {
    const last = joined.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else joined.push({ start, end });
  }
  return joined;
}
