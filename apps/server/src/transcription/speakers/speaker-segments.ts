/**
 * An engine's segments with the speakers diarization found (ADR 0053): each word takes the
 * speaker whose turns overlap it most (assign-speakers.ts), and a segment whose words change
 * speaker is cut there, so every segment has one speaker. Speakers are named by id, "S1" for
 * the first voice heard, "S2" for the next, as the note stores them.
 */
import type { Transcript, TranscriptSegment } from '../transcriber.ts';
import { speakersOf } from './assign-speakers.ts';
import type { SpeakerTurn } from './turns.ts';
import { compactPrint, type VoicePrint } from './voiceprint.ts';

export function speakerId(index: number): string {
  return `S${index + 1}`;
}

/** Prints in the turns' numbering → by the ids segments name ("S1", ...). */
export function printsById(prints: readonly VoicePrint[]): Record<string, VoicePrint> {
  return Object.fromEntries(prints.map((print, i) => [speakerId(i), compactPrint(print)]));
}

export function withSpeakers(transcript: Transcript, turns: readonly SpeakerTurn[]): Transcript {
  if (turns.length === 0) return transcript;
  const segments = transcript.segments.flatMap((segment) => splitBySpeaker(segment, turns));
  return { ...transcript, segments };
}

function splitBySpeaker(segment: TranscriptSegment, turns: readonly SpeakerTurn[]): TranscriptSegment[] {
  if (segment.words.length === 0) {
    const [speaker] = speakersOf([segment], turns);
    return [{ ...segment, ...(speaker == null ? {} : { speaker: speakerId(speaker) }) }];
  }
  const speakers = speakersOf(segment.words, turns);
  const pieces: TranscriptSegment[] = [];
  let from = 0;
  for (let i = 1; i <= segment.words.length; i++) {
    if (i < segment.words.length && speakers[i] === speakers[from]) continue;
    const words = segment.words.slice(from, i);
    const speaker = speakers[from];
    pieces.push({
      start: from === 0 ? segment.start : words[0]!.start,
      end: i === segment.words.length ? segment.end : words.at(-1)!.end,
      // An uncut segment keeps the engine's text; a piece is made of its words.
      text: words.length === segment.words.length ? segment.text : words.map((w) => w.word).join(' '),
      words,
      ...(speaker == null ? {} : { speaker: speakerId(speaker) }),
    });
    from = i;
  }
  return pieces;
}
