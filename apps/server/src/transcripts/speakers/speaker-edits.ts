/**
 * What a person does to a note's speakers (ADR 0053), as pure changes of its segments and
 * speaker state: rename, reassign a segment or words, "split from here", merge. Each
 * reassignment is also remembered as a stretch of time, so a re-transcription can give those
 * words to the same speaker again (speaker-mapping.ts). Problems are answered as outcomes
 * (`{ problem }`) for the service to present.
 */
import type { MergeSpeakers, ReassignSpeakers } from '@voxpad/shared/speakers';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import {
  assignStretch,
  defaultName,
  freshSpeakerId,
  type SpeakerState,
  type SpeakerStretch,
  speakersOfSegments,
} from './note-speakers.ts';

export interface SpeakerChange extends SpeakerState {
  segments: TranscriptSegment[];
}

export type SpeakerEditProblem =
  | { kind: 'unknown_speaker'; param: string; id: string }
  | { kind: 'out_of_range'; param: string; message: string };

export type SpeakerEditOutcome = { change: SpeakerChange } | { problem: SpeakerEditProblem };

export interface NoteSpeakers extends SpeakerState {
  segments: readonly TranscriptSegment[];
}

export function renameSpeaker(note: NoteSpeakers, id: string, name: string): SpeakerEditOutcome {
  if (!note.speakers.some((s) => s.id === id)) return { problem: unknownSpeaker('id', id) };
  return {
    change: {
      segments: [...note.segments],
      speakers: note.speakers.map((s) => (s.id === id ? { ...s, name } : s)),
      edits: note.edits,
    },
  };
}

export function reassignSpeakers(note: NoteSpeakers, request: ReassignSpeakers): SpeakerEditOutcome {
  if ('split_from' in request) return splitFrom(note, request.split_from);
  if (!note.speakers.some((s) => s.id === request.speaker)) {
    return { problem: unknownSpeaker('speaker', request.speaker) };
  }
  const span = spanOf(note.segments, request.segment, request.words);
  if ('problem' in span) return span;
  return { change: give(note, { ...span, speaker: request.speaker }) };
}

export function mergeSpeakers(note: NoteSpeakers, { from, into }: MergeSpeakers): SpeakerEditOutcome {
  if (!note.speakers.some((s) => s.id === from)) return { problem: unknownSpeaker('from', from) };
  if (!note.speakers.some((s) => s.id === into)) return { problem: unknownSpeaker('into', into) };
  const segments = note.segments.map((s) => (s.speaker === from ? { ...s, speaker: into } : s));
  return {
    change: {
      segments,
      speakers: speakersOfSegments(segments, note.speakers),
      edits: note.edits.map((e) => (e.speaker === from ? { ...e, speaker: into } : e)),
    },
  };
}

/**
 * A new speaker says everything from the word (the segment's first when none is given) to
 * the end of the turn it is in: the run of segments, from that one on, with the same speaker.
 */
function splitFrom(
  note: NoteSpeakers,
  at: { segment: number; word?: number | undefined },
): SpeakerEditOutcome {
  const segment = note.segments[at.segment];
  if (!segment) return { problem: outOfRange('split_from.segment', note.segments.length, 'segment') };
  const word = at.word === undefined ? undefined : segment.words[at.word];
  if (at.word !== undefined && !word) {
    return { problem: outOfRange('split_from.word', segment.words.length, 'word') };
  }
  let last = at.segment;
  while (note.segments[last + 1] && note.segments[last + 1]!.speaker === segment.speaker) last++;
  const id = freshSpeakerId(note.speakers.map((s) => s.id));
  const stretch = { start: word?.start ?? segment.start, end: note.segments[last]!.end, speaker: id };
  const change = give({ ...note, speakers: [...note.speakers, { id, name: defaultName(id) }] }, stretch);
  return { change };
}

function give(note: NoteSpeakers, stretch: SpeakerStretch): SpeakerChange {
  const segments = assignStretch(note.segments, stretch);
  return {
    segments,
    speakers: speakersOfSegments(segments, note.speakers),
    edits: [...note.edits, stretch],
  };
}

/** The times of a segment, of words in it, or of words counted over the note. */
function spanOf(
  segments: readonly TranscriptSegment[],
  segmentIndex: number | undefined,
  words: { from: number; to: number } | undefined,
): { start: number; end: number } | { problem: SpeakerEditProblem } {
  if (segmentIndex !== undefined) {
    const segment = segments[segmentIndex];
    if (!segment) return { problem: outOfRange('segment', segments.length, 'segment') };
    if (!words) return { start: segment.start, end: segment.end };
    const first = segment.words[words.from];
    const last = segment.words[words.to];
    if (!first || !last) return { problem: outOfRange('words', segment.words.length, 'word') };
    return { start: first.start, end: last.end };
  }
  const all = segments.flatMap((s) => s.words);
  const first = words ? all[words.from] : undefined;
  const last = words ? all[words.to] : undefined;
  if (!first || !last) return { problem: outOfRange('words', all.length, 'word') };
  return { start: first.start, end: last.end };
}

const unknownSpeaker = (param: string, id: string): SpeakerEditProblem => ({
  kind: 'unknown_speaker',
  param,
  id,
});

function outOfRange(param: string, count: number, what: string): SpeakerEditProblem {
  return {
    kind: 'out_of_range',
    param,
    message:
      count === 0
        ? `There is no ${what} to choose here.`
        : `There are ${count} ${what}s here: give a number from 0 to ${count - 1}.`,
  };
}
