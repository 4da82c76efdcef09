import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TranscriptSegment, TranscriptWord } from '@voxpad/shared/voice-notes';
import { alignTranscript } from '../../src/transcripts/word-alignment.ts';

/**
 * Words at 1 s, 1.5 s, 2 s, ... each 0.4 s long, split into segments of `perSegment` words;
 * each reads as it was recognised (text = word).
 */
function engineSegments(text: string, perSegment = 4, start = 1): TranscriptSegment[] {
  const words: TranscriptWord[] = text.split(' ').map((word, i) => ({
    word,
    text: word,
    start: start + i * 0.5,
    end: start + i * 0.5 + 0.4,
    confidence: 0.8,
  }));
  const segments: TranscriptSegment[] = [];
  for (let i = 0; i < words.length; i += perSegment) {
    const group = words.slice(i, i + perSegment);
    segments.push({
      start: group[0]!.start,
      end: group.at(-1)!.end,
      text: group.map((w) => w.word).join(' '),
      words: group,
    });
  }
  return segments;
}

const wordsOf = (segments: TranscriptSegment[]) => segments.flatMap((s) => s.words);
const byWord = (segments: TranscriptSegment[]) => new Map(wordsOf(segments).map((w) => [w.word, w]));

function expectSane(segments: TranscriptSegment[], duration: number) {
  const words = wordsOf(segments);
  words.forEach((word, i) => {
    expect(word.start).toBeGreaterThanOrEqual(0);
    expect(word.end).toBeLessThanOrEqual(duration);
    expect(word.end).toBeGreaterThanOrEqual(word.start);
    if (i > 0) expect(word.start).toBeGreaterThanOrEqual(words[i - 1]!.start);
  });
  for (const segment of segments) {
    expect(segment.text).toBe(
      segment.words
        .map((w) => w.text)
        .filter(Boolean)
        .join(' '),
    );
  }
}

const SPOKEN = 'please remember to buy milk and bread tomorrow morning';
const DURATION = 6.5;

describe('aligning an edited transcript with the timed words', () => {
  it('gives the same text back unchanged', () => {
    const before = engineSegments(SPOKEN);
    expect(alignTranscript(before, SPOKEN, DURATION)).toEqual(before);
  });

  it('keeps the times of unchanged words exactly and fits an insertion between its neighbours', () => {
    const before = engineSegments(SPOKEN);
    const after = alignTranscript(
      before,
      'please remember to buy oat milk and bread tomorrow morning',
      DURATION,
    );
    const old = byWord(before);
    const now = byWord(after);
    for (const word of SPOKEN.split(' ')) expect(now.get(word)).toEqual(old.get(word));
    const oat = now.get('oat')!;
    expect(oat.start).toBe(old.get('buy')!.end);
    expect(oat.end).toBe(old.get('milk')!.start);
    expect(oat.confidence).toBe(1);
    expectSane(after, DURATION);
  });

  it('keeps the other words exactly when words are deleted', () => {
    const before = engineSegments(SPOKEN);
    const after = alignTranscript(before, 'please buy milk tomorrow', DURATION);
    const old = byWord(before);
    expect(wordsOf(after)).toEqual(['please', 'buy', 'milk', 'tomorrow'].map((w) => old.get(w)));
    expectSane(after, DURATION);
  });

  it('spreads replacement words evenly over the time of the words they replace', () => {
    const before = engineSegments(SPOKEN);
    const after = alignTranscript(
      before,
      'please remember to get two litres of milk and bread tomorrow morning',
      DURATION,
    );
    const old = byWord(before);
    const now = byWord(after);
    const from = old.get('to')!.end;
    const to = old.get('milk')!.start;
    const replaced = ['get', 'two', 'litres', 'of'].map((w) => now.get(w)!);
    const step = (to - from) / replaced.length;
    replaced.forEach((word, i) => {
      expect(word.start).toBeCloseTo(from + i * step, 3);
      expect(word.end).toBeCloseTo(from + (i + 1) * step, 3);
    });
    expect(now.get('milk')).toEqual(old.get('milk'));
    expectSane(after, DURATION);
  });

  it('matches words whatever their case, accents or punctuation, and keeps what was typed', () => {
    const before = engineSegments('cafe is open');
    const after = alignTranscript(before, 'Café is open.', DURATION);
    expect(wordsOf(after).map((w) => [w.word, w.text, w.start, w.end])).toEqual([
      ['cafe', 'Café', 1, 1.4],
      ['is', 'is', 1.5, 1.9],
      ['open', 'open.', 2, 2.4],
    ]);
  });

  it('lines typed numbers up with the spoken words they stand for', () => {
    const before = engineSegments('it cost four hundred dollars on monday');
    const after = alignTranscript(before, 'It cost $400 on Monday.', DURATION);
    // Every spoken word kept its time: the edit only changed how they read.
    expect(wordsOf(after).map((w) => [w.word, w.text, w.start])).toEqual([
      ['it', 'It', 1],
      ['cost', 'cost', 1.5],
      ['four', '$400', 2],
      ['hundred', '', 2.5],
      ['dollars', '', 3],
      ['on', 'on', 3.5],
      ['monday', 'Monday.', 4],
    ]);
    expect(after.map((s) => s.text).join(' ')).toBe('It cost $400 on Monday.');
  });

  it('turns a typed number into timed spoken words between its neighbours', () => {
    const before = engineSegments('pay three dollars now');
    const after = alignTranscript(before, 'pay $12 now', DURATION);
    expect(wordsOf(after).map((w) => [w.word, w.text])).toEqual([
      ['pay', 'pay'],
      ['twelve', '$12'],
      ['dollars', ''],
      ['now', 'now'],
    ]);
    // "dollars" was said: it keeps its time; "twelve" fills the gap where "three" was said.
    expect(wordsOf(after)[1]).toMatchObject({ start: 1.4, end: 2 });
    expect(wordsOf(after)[2]).toMatchObject({ start: 2, end: 2.4 });
  });

  it('spreads wholly new text over the words it replaces', () => {
    const before = engineSegments(SPOKEN);
    const after = alignTranscript(before, 'an entirely different thought', DURATION);
    const words = wordsOf(after);
    expect(words.map((w) => w.word)).toEqual(['an', 'entirely', 'different', 'thought']);
    expect(words[0]!.start).toBe(1);
    expect(words.at(-1)!.end).toBe(wordsOf(before).at(-1)!.end);
    expectSane(after, DURATION);
  });

  it('has no segments for empty text', () => {
    expect(alignTranscript(engineSegments(SPOKEN), '', DURATION)).toEqual([]);
    expect(alignTranscript(engineSegments(SPOKEN), '  \n ', DURATION)).toEqual([]);
  });

  it('times text typed where nothing was heard over the whole recording', () => {
    const after = alignTranscript([], 'nothing was recognised here', 8);
    expect(wordsOf(after).map((w) => [w.start, w.end])).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
      [6, 8],
    ]);
  });

  it('adds words before the first and after the last within the recording', () => {
    const before = engineSegments(SPOKEN);
    const after = alignTranscript(before, `note: ${SPOKEN} please`, DURATION);
    const words = wordsOf(after);
    expect(words[0]).toMatchObject({ word: 'note', text: 'note:', start: 0, end: 1 });
    expect(words.at(-1)).toMatchObject({ word: 'please', start: 5.4, end: DURATION });
    expectSane(after, DURATION);
  });

  it('uses the last timed word as the end when the length is unknown', () => {
    const before = engineSegments('one two');
    const after = alignTranscript(before, 'one two three', null);
    expect(wordsOf(after).at(-1)).toMatchObject({ word: 'three', start: 1.9, end: 1.9 });
  });

  it('keeps words in the segments they were said in, so captions keep their timing', () => {
    const before = engineSegments(SPOKEN, 3);
    const after = alignTranscript(
      before,
      'please remember to buy fresh milk and bread tomorrow morning',
      DURATION,
    );
    expect(after.map((s) => s.text)).toEqual([
      'please remember to',
      'buy fresh milk and',
      'bread tomorrow morning',
    ]);
    expect(after[0]).toEqual(before[0]);
    expect(after[2]).toEqual(before[2]);
    expect(after[1]).toMatchObject({ start: before[1]!.start, end: before[1]!.end });
  });

  it('stays monotonic when the engine heard neighbouring words overlap', () => {
    const before: TranscriptSegment[] = [
      {
        start: 1,
        end: 2.2,
        text: 'one two',
        words: [
          { word: 'one', start: 1, end: 1.8, confidence: 0.9 },
          { word: 'two', start: 1.5, end: 2.2, confidence: 0.9 },
        ],
      },
    ];
    const after = alignTranscript(before, 'one and two', 3);
    expect(wordsOf(after).map((w) => [w.word, w.start])).toEqual([
      ['one', 1],
      ['and', 1.5],
      ['two', 1.5],
    ]);
    expectSane(after, 3);
  });

  it('keeps kept words exact and every word inside the recording, for any edit', () => {
    const vocabulary = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const typed = fc.constantFrom('new', 'words', 'typed', 'in', 'here', '—');
    fc.assert(
      fc.property(
        fc.subarray(vocabulary, { minLength: 1 }),
        fc.array(fc.tuple(fc.boolean(), fc.array(typed, { maxLength: 3 }))),
        fc.integer({ min: 1, max: 6 }),
        (spoken, edits, perSegment) => {
          const before = engineSegments(spoken.join(' '), perSegment);
          const duration = wordsOf(before).at(-1)!.end + 1;
          // Each spoken word is kept or dropped, with typed words after it.
          const kept: string[] = [];
          const text: string[] = [];
          spoken.forEach((word, i) => {
            const [keep, added] = edits[i] ?? [true, []];
            if (keep) {
              kept.push(word);
              text.push(word);
            }
            text.push(...added);
          });
          const after = alignTranscript(before, text.join(' '), duration);
          expect(wordsOf(after).map((w) => w.text)).toEqual(text);
          const old = byWord(before);
          const now = wordsOf(after);
          for (const word of kept) {
            const match = now.find((w) => w.word === word)!;
            expect([match.start, match.end]).toEqual([old.get(word)!.start, old.get(word)!.end]);
          }
          expectSane(after, duration);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('aligns a long transcript quickly, even when most of it was rewritten', () => {
    const spoken = Array.from({ length: 20_000 }, (_, i) => `word${i % 5000}`).join(' ');
    const before = engineSegments(spoken, 15, 0);
    const duration = 10_001;
    const rewritten = spoken
      .split(' ')
      .map((word, i) => (i % 3 === 0 ? `typed${i}` : word))
      .join(' ');
    // CPU time, not wall time: on a loaded machine the wall clock ran 7.7 s for what takes 1-2 s
    // of CPU; a quadratic alignment of 20,000 words would take minutes either way.
    const cpu = process.cpuUsage();
    const after = alignTranscript(before, rewritten, duration);
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(5_000);
    const words = wordsOf(after);
    expect(words).toHaveLength(20_000);
    expectSane(after, duration);
    // Without unique words to anchor on, most untouched words still keep their times.
    const oldWords = wordsOf(before);
    const kept = words.filter((w, i) => i % 3 !== 0 && w.start === oldWords[i]!.start);
    expect(kept.length).toBeGreaterThan((0.9 * (20_000 * 2)) / 3);
  });
});
