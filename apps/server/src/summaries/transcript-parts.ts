/**
 * A note's transcript as the model reads it (ADR 0052): one line per segment, led by the second
 * it starts at ("[12.3] words…"), so every action item can name the moment it came from; and,
 * when the lines do not fit the model's context, split into parts that do.
 */
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';

/** A rough rule that holds for English text and common tokenisers. */
export const CHARS_PER_TOKEN = 4;

export interface TimedLine {
  start: number;
  text: string;
}

export function timedLines(segments: readonly TranscriptSegment[], transcript: string): TimedLine[] {
  const lines = segments
    .map((segment) => ({ start: segment.start, text: segment.text.replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text !== '');
  if (lines.length > 0) return lines;
  const text = transcript.replace(/\s+/g, ' ').trim();
  return text === '' ? [] : [{ start: 0, text }];
}

export const formatLine = (line: TimedLine): string => `[${line.start.toFixed(1)}] ${line.text}`;

/**
 * Lines in parts of at most `maxChars` characters each, in order. A line longer than that is cut
 * between words, every piece keeping the line's start.
 */
export function splitIntoParts(lines: readonly TimedLine[], maxChars: number): TimedLine[][] {
  const parts: TimedLine[][] = [];
  let current: TimedLine[] = [];
  let size = 0;
  for (const line of lines.flatMap((l) => cutLine(l, maxChars))) {
    const length = formatLine(line).length + 1;
    if (current.length > 0 && size + length > maxChars) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(line);
    size += length;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

function cutLine(line: TimedLine, maxChars: number): TimedLine[] {
  const room = Math.max(1, maxChars - formatLine({ ...line, text: '' }).length - 1);
  if (line.text.length <= room) return [line];
  const pieces: TimedLine[] = [];
  let text = '';
  for (const word of line.text.split(' ')) {
    if (text !== '' && text.length + 1 + word.length > room) {
      pieces.push({ start: line.start, text });
      text = '';
    }
    text = text === '' ? word.slice(0, room) : `${text} ${word}`;
  }
  if (text !== '') pieces.push({ start: line.start, text });
  return pieces;
}

/**
 * The second nearest to `start` at which one of the lines begins, so a bullet always points at
 * a moment where something was said (a model may invent or round times). Not a number: the first.
 */
export function snapToLine(start: number, lines: readonly TimedLine[]): number {
  const first = lines[0];
  if (!first) return 0;
  if (!Number.isFinite(start)) return first.start;
  let best = first.start;
  for (const line of lines) {
    if (Math.abs(line.start - start) < Math.abs(best - start)) best = line.start;
  }
  return best;
}
