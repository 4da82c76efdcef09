import { describe, expect, it } from 'vitest';
import { groupIntoSegments } from '../../src/transcription/segments.ts';
import type { TranscriptWord } from '../../src/transcription/transcriber.ts';

function words(...spec: [string, number, number][]): TranscriptWord[] {
  return spec.map(([word, start, end]) => ({ word, start, end, confidence: 0.9 }));
}

describe('groupIntoSegments', () => {
  it('breaks at pauses of half a second or more', () => {
    const segments = groupIntoSegments(
      words(
        ['call', 0.1, 0.4],
        ['mom', 0.45, 0.8],
        ['then', 1.3, 1.5],
        ['buy', 1.6, 1.9],
        ['milk', 2.39, 2.7],
      ),
    );
    expect(segments.map((s) => s.text)).toEqual(['call mom', 'then buy milk']);
    expect(segments[0]).toMatchObject({ start: 0.1, end: 0.8 });
    expect(segments[1]).toMatchObject({ start: 1.3, end: 2.7 });
    expect(segments[1]!.words).toHaveLength(3);
  });

  it('breaks unbroken speech every 15 words', () => {
    const many = Array.from({ length: 40 }, (_, i): [string, number, number] => [
      `w${i}`,
      i * 0.3,
      i * 0.3 + 0.25,
    ]);
    const segments = groupIntoSegments(words(...many));
    expect(segments.map((s) => s.words.length)).toEqual([15, 15, 10]);
    expect(segments.flatMap((s) => s.words.map((w) => w.word))).toEqual(many.map(([w]) => w));
  });

  it('returns no segments for no words', () => {
    expect(groupIntoSegments([])).toEqual([]);
  });
});
