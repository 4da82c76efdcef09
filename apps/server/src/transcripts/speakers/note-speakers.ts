/**
 * A note's speakers as stored (ADR 0053): the list `[{id, name}]` beside the segments that
 * name them by id, and the stretches of the recording a person gave to a speaker by hand.
 * Pure functions; the transcript store writes what they make.
 */
import { defaultSpeakerName, type NoteSpeaker } from '@voxpad/shared/speakers';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';

/** A stretch of the recording (seconds) a person said `speaker` speaks in. */
export interface SpeakerStretch {
  start: number;
  end: number;
  speaker: string;
}

/** What the store keeps of a note's speakers. */
export interface SpeakerState {
  speakers: NoteSpeaker[];
  /** Oldest first. */
  edits: SpeakerStretch[];
}

function parseArray(raw: string | null): unknown[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export function parseSpeakers(raw: string | null): NoteSpeaker[] {
  return parseArray(raw) as NoteSpeaker[];
}

export function parseStretches(raw: string | null): SpeakerStretch[] {
  return parseArray(raw) as SpeakerStretch[];
}

/** JSON for the column; null when there is nothing to keep. */
export function speakersJson(list: readonly unknown[]): string | null {
  return list.length === 0 ? null : JSON.stringify(list);
}

/** "S3" → 2; -1 for an id not of that form. */
export function speakerNumber(id: string): number {
  const match = /^S(\d+)$/.exec(id);
  return match ? Number(match[1]) - 1 : -1;
}

/** An id no speaker in `taken` has: one past the highest number. */
export function freshSpeakerId(taken: Iterable<string>): string {
  let highest = -1;
  for (const id of taken) highest = Math.max(highest, speakerNumber(id));
  return `S${highest + 2}`;
}

export function defaultName(id: string): string {
  const number = speakerNumber(id);
  return number >= 0 ? defaultSpeakerName(number) : id;
}

/**
 * The speakers the segments name, by id ("S1", "S2", ...: the engine numbers them in order of
 * first voice, and a person's edits never renumber them), with the names `known` gives them (a
 * default "Speaker n" for the others). Speakers no segment names any more are left out.
 */
export function speakersOfSegments(
  segments: readonly TranscriptSegment[],
  known: readonly NoteSpeaker[] = [],
): NoteSpeaker[] {
  const names = new Map(known.map((s) => [s.id, s.name]));
  const seen = new Set<string>();
  const list: NoteSpeaker[] = [];
  for (const segment of segments) {
    const id = segment.speaker;
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    list.push({ id, name: names.get(id) ?? defaultName(id) });
  }
  return list.sort((a, b) => speakerNumber(a.id) - speakerNumber(b.id));
}

/**
 * `to`'s segments with the speakers of `from`'s by time (the one overlapping each most, or the
 * nearest): typed text is re-timed into new segments, and they keep who said them.
 */
export function carrySpeakers(
  from: readonly TranscriptSegment[],
  to: readonly TranscriptSegment[],
): TranscriptSegment[] {
  const timed = from.filter((s) => s.speaker !== undefined);
  if (timed.length === 0) return [...to];
  return to.map((segment) => {
    let best: string | undefined;
    let bestScore = -Infinity;
    for (const other of timed) {
      const overlap = Math.min(segment.end, other.end) - Math.max(segment.start, other.start);
      // A negative overlap is the gap between them: the nearest wins when nothing overlaps.
      if (overlap > bestScore) [best, bestScore] = [other.speaker, overlap];
    }
    return best === undefined ? segment : { ...segment, speaker: best };
  });
}

/**
 * Gives the words whose middle lies in [start, end] to `speaker`; a segment whose words then
 * have two speakers is cut where they change. A segment without words goes by its own middle.
 */
export function assignStretch(
  segments: readonly TranscriptSegment[],
  stretch: SpeakerStretch,
): TranscriptSegment[] {
  const inside = (a: number, b: number) => {
    const middle = (a + b) / 2;
    return middle >= stretch.start && middle <= stretch.end;
  };
  return segments.flatMap((segment) => {
    if (segment.words.length === 0) {
      return inside(segment.start, segment.end) ? [{ ...segment, speaker: stretch.speaker }] : [segment];
    }
    const who = segment.words.map((w) => (inside(w.start, w.end) ? stretch.speaker : segment.speaker));
    if (who.every((w) => w === segment.speaker)) return [segment];
    return cutAtChanges(segment, who);
  });
}

/** One segment per run of words with one speaker. */
export function cutAtChanges(
  segment: TranscriptSegment,
  who: readonly (string | undefined)[],
): TranscriptSegment[] {
  const pieces: TranscriptSegment[] = [];
  let from = 0;
  for (let i = 1; i <= segment.words.length; i++) {
    if (i < segment.words.length && who[i] === who[from]) continue;
    const words = segment.words.slice(from, i);
    const { speaker: _old, ...rest } = segment;
    const speaker = who[from];
    pieces.push({
      ...rest,
      start: from === 0 ? segment.start : words[0]!.start,
      end: i === segment.words.length ? segment.end : words.at(-1)!.end,
      text: words.length === segment.words.length ? segment.text : segmentText(words),
      words,
      ...(speaker === undefined ? {} : { speaker }),
    });
    from = i;
  }
  return pieces;
}

/** The words as they read (their formatted `text` when they have one). */
function segmentText(words: TranscriptSegment['words']): string {
  return words
    .map((w) => w.text ?? w.word)
    .filter((w) => w !== '')
    .join(' ');
}
