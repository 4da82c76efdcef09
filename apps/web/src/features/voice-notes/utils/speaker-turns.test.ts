import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { speakerTurns, turnAt, turnLabels } from './speaker-turns.ts';

const segment = (start: number, end: number, speaker?: string): TranscriptSegment => ({
  start,
  end,
  text: 'w',
  words: [{ word: 'w', start, end, confidence: 1 }],
  ...(speaker ? { speaker } : {}),
});
const speakers = [
  { id: 'S1', name: 'Ana' },
  { id: 'S2', name: 'Speaker 2' },
];

describe('speaker turns', () => {
  it('joins a speaker’s consecutive segments into one turn, named', () => {
    const turns = speakerTurns([segment(0, 1, 'S1'), segment(1.5, 2, 'S1'), segment(3, 4, 'S2')], speakers);
    expect(turns).toEqual([
      { id: 'S1', name: 'Ana', start: 0, end: 2 },
      { id: 'S2', name: 'Speaker 2', start: 3, end: 4 },
    ]);
  });

  it('has no turns with one speaker', () => {
    expect(speakerTurns([segment(0, 1, 'S1')], [speakers[0]!])).toEqual([]);
  });

  it('says who speaks at a time: the first voice before anyone, the last begun in a pause', () => {
    const turns = speakerTurns([segment(0.5, 1, 'S1'), segment(3, 4, 'S2')], speakers);
    expect(turnAt(turns, 0)?.name).toBe('Ana');
    expect(turnAt(turns, 2)?.name).toBe('Ana');
    expect(turnAt(turns, 3.5)?.name).toBe('Speaker 2');
    expect(turnAt([], 1)).toBeUndefined();
  });

  it('puts a label at the first word of each turn', () => {
    const segments = [segment(0, 1, 'S1'), segment(1, 2, 'S1'), segment(3, 4, 'S2')];
    const words = segments.flatMap((s) => s.words);
    const labels = turnLabels(words, speakerTurns(segments, speakers));
    expect([...labels.entries()].map(([i, t]) => [i, t.name])).toEqual([
      [0, 'Ana'],
      [2, 'Speaker 2'],
    ]);
  });
});
