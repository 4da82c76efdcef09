import type { NoteSpeaker } from '@voxpad/shared/speakers';
import type { TranscriptSegment, TranscriptWord } from '@voxpad/shared/voice-notes';

/** A run of segments said by one speaker (ADR 0053). */
export interface SpeakerTurn {
  id: string;
  name: string;
  start: number;
  end: number;
}

/**
 * The note's turns, when it has more than one speaker (with one, naming it at every turn says
 * nothing). Consecutive segments of one speaker make one turn.
 */
export function speakerTurns(
  segments: readonly TranscriptSegment[],
  speakers: readonly NoteSpeaker[],
): SpeakerTurn[] {
  if (speakers.length < 2) return [];
  const names = new Map(speakers.map((s) => [s.id, s.name]));
  const turns: SpeakerTurn[] = [];
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    if (segment.speaker === undefined) continue;
    const last = turns.at(-1);
    if (last && last.id === segment.speaker) {
      last.end = Math.max(last.end, segment.end);
      continue;
    }
    turns.push({
      id: segment.speaker,
      name: names.get(segment.speaker) ?? segment.speaker,
      start: segment.start,
      end: segment.end,
    });
  }
  return turns;
}

/**
 * The turn being spoken at `seconds`, or the last one begun (a pause keeps its speaker); before
 * anyone speaks, the first voice to come.
 */
export function turnAt(turns: readonly SpeakerTurn[], seconds: number): SpeakerTurn | undefined {
  let found: SpeakerTurn | undefined = turns[0];
  for (const turn of turns) {
    if (turn.start > seconds + 0.05) break;
    found = turn;
  }
  return found;
}

/** Index of the first word of each turn in `words` (sorted by start): where a label goes. */
export function turnLabels(
  words: readonly TranscriptWord[],
  turns: readonly SpeakerTurn[],
): Map<number, SpeakerTurn> {
  const labels = new Map<number, SpeakerTurn>();
  let w = 0;
  for (const turn of turns) {
    while (w < words.length && (words[w]!.start + words[w]!.end) / 2 < turn.start) w++;
    if (w < words.length && !labels.has(w)) labels.set(w, turn);
  }
  return labels;
}
