import { describe, expect, it } from 'vitest';
import { activeWordIndex, transcriptWords, wordsSayTranscript } from './transcript-words.ts';

const word = (text: string, start: number, end: number) => ({ word: text, start, end, confidence: 0.9 });

describe('transcriptWords', () => {
  it('flattens segments, drops filler tokens and alternate markers, and sorts by time', () => {
    const words = transcriptWords([
      { start: 1, end: 2, text: 'world', words: [word('world(2)', 1.2, 1.6), word('[NOISE]', 1.6, 1.8)] },
      { start: 0, end: 1, text: 'hello', words: [word('<sil>', 0, 0.2), word('hello', 0.2, 0.7)] },
    ]);
    expect(words.map((item) => item.word)).toEqual(['hello', 'world']);
  });
});

describe('activeWordIndex', () => {
  const words = [word('one', 0.5, 0.9), word('two', 1.0, 1.4), word('three', 3.0, 3.5)];

  it('finds the word being spoken', () => {
    expect(activeWordIndex(words, 0.6)).toBe(0);
    expect(activeWordIndex(words, 1.0)).toBe(1);
    expect(activeWordIndex(words, 3.2)).toBe(2);
  });

  it('keeps the last word through a short gap, drops it in a long pause', () => {
    expect(activeWordIndex(words, 0.95)).toBe(0);
    expect(activeWordIndex(words, 2.5)).toBe(-1);
  });

  it('is -1 before the first word and for no words', () => {
    expect(activeWordIndex(words, 0.1)).toBe(-1);
    expect(activeWordIndex([], 1)).toBe(-1);
  });
});

describe('wordsSayTranscript', () => {
  const words = [word('Buy', 0, 0.4), word('oat', 0.4, 0.5), word('milk.', 0.5, 0.9)];

  it('is true when the timed words are the transcript, whatever the spacing', () => {
    expect(wordsSayTranscript(words, 'Buy oat\n milk.')).toBe(true);
  });

  it('is false when the transcript says other words', () => {
    expect(wordsSayTranscript(words, 'Buy milk.')).toBe(false);
    expect(wordsSayTranscript(words, 'buy oat milk')).toBe(false);
    expect(wordsSayTranscript(words, null)).toBe(false);
  });

  it('compares the display forms of formatted words, skipping the empty ones', () => {
    const formatted = [
      { word: 'pay', text: 'Pay', start: 0, end: 0.2, confidence: 0.9 },
      { word: 'four', text: '$400.', start: 0.3, end: 0.5, confidence: 0.9 },
      { word: 'hundred', text: '', start: 0.5, end: 0.7, confidence: 0.9 },
    ];
    expect(wordsSayTranscript(formatted, 'Pay $400.')).toBe(true);
    expect(wordsSayTranscript(formatted, 'pay four hundred')).toBe(false);
  });
});
