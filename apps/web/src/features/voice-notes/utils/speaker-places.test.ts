import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { describe, expect, it } from 'vitest';
import { noteWordRange, placeOfWord } from './speaker-places.ts';
import { transcriptWords } from './transcript-words.ts';

const w = (word: string, start: number, end: number) => ({ word, start, end, confidence: 1 });
const segments: TranscriptSegment[] = [
  {
    start: 0,
    end: 2,
    text: 'hello there',
    speaker: 'S1',
    words: [w('<sil>', 0, 0.3), w('hello', 0.3, 1), w('there', 1, 2)],
  },
  { start: 2, end: 4, text: 'good morning', speaker: 'S2', words: [w('good', 2, 3), w('morning', 3, 4)] },
];

describe('placeOfWord', () => {
  it('counts fillers as the server does, so a shown word is found by its times', () => {
    const shown = transcriptWords(segments);
    expect(shown.map((word) => word.word)).toEqual(['hello', 'there', 'good', 'morning']);
    expect(placeOfWord(segments, shown[0]!)).toEqual({ segment: 0, word: 1 });
    expect(placeOfWord(segments, shown[3]!)).toEqual({ segment: 1, word: 1 });
  });

  it('is null for a word the segments do not hold', () => {
    expect(placeOfWord(segments, { start: 9, end: 10 })).toBeNull();
  });
});

describe('noteWordRange', () => {
  it('gives note-wide indexes of the words said in the span, across segments', () => {
    expect(noteWordRange(segments, { start: 1, end: 3 })).toEqual({ from: 2, to: 3 });
    expect(noteWordRange(segments, { start: 0.3, end: 1 })).toEqual({ from: 1, to: 1 });
  });

  it('is null when no word is said in the span', () => {
    expect(noteWordRange(segments, { start: 5, end: 6 })).toBeNull();
  });
});
