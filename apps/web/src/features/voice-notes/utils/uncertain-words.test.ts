import { describe, expect, it } from 'vitest';
import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import { displayTokens } from './transcript-display.ts';
import {
  replaceWord,
  replayWindow,
  reviewAnnouncement,
  stepUncertain,
  uncertainTokens,
} from './uncertain-words.ts';

const word = (w: string, text: string, start: number, confidence: number): TranscriptWord => ({
  word: w,
  text,
  start,
  end: start + 0.4,
  confidence,
});

/** "Pay $400 on Monday." with "$400" half-heard (one of its words) and "Monday." unsure. */
const WORDS = [
  word('pay', 'Pay', 0.2, 0.95),
  word('four', '$400', 0.6, 0.9),
  word('hundred', '', 1, 0.2),
  word('dollars', '', 1.4, 0.8),
  word('on', 'on', 1.8, 0.41),
  word('monday', 'Monday.', 2.2, 0.39),
];

describe('uncertain words', () => {
  const tokens = displayTokens(WORDS);

  it('are the display forms with a word under the threshold, typed words never', () => {
    expect(uncertainTokens(tokens)).toEqual([1, 3]);
    const corrected = displayTokens(WORDS.map((w) => (w.word === 'monday' ? { ...w, confidence: 1 } : w)));
    expect(uncertainTokens(corrected)).toEqual([1]);
  });

  it('are walked forward and back, stopping at either end', () => {
    const uncertain = [1, 3, 7];
    expect(stepUncertain(uncertain, -1, 1)).toBe(1);
    expect(stepUncertain(uncertain, 1, 1)).toBe(3);
    expect(stepUncertain(uncertain, 7, 1)).toBeNull();
    expect(stepUncertain(uncertain, 3, -1)).toBe(1);
    expect(stepUncertain(uncertain, 1, -1)).toBeNull();
    // From a word just corrected (no longer in the list), on to the next one, or back.
    expect(stepUncertain([1, 7], 3, 1)).toBe(7);
    expect(stepUncertain([1, 7], 3, -1)).toBe(1);
    expect(stepUncertain([], -1, 1)).toBeNull();
  });

  it('replay from half a second before to half a second after, within the recording', () => {
    expect(replayWindow({ start: 0.2, end: 0.6 })).toEqual({ from: 0, to: 1.1 });
    expect(replayWindow({ start: 2, end: 2.4 }, 2.6)).toEqual({ from: 1.5, to: 2.6 });
    expect(replayWindow({ start: 2, end: 2.4 }, null).to).toBeCloseTo(2.9);
  });

  it('announce the position among the uncertain words', () => {
    expect(reviewAnnouncement([1, 3, 7], 3, 'Monday.')).toBe('Word 2 of 3 uncertain: Monday.');
    expect(reviewAnnouncement([1, 7], 3, 'Tuesday.')).toBe('Corrected: Tuesday.');
  });

  it('replace one word of the transcript, keeping its paragraphs', () => {
    const text = 'Pay $400 on Monday.\n\nI  will.';
    expect(replaceWord(text, 3, 'Tuesday.')).toBe('Pay $400 on Tuesday.\n\nI  will.');
    expect(replaceWord(text, 5, 'shall.')).toBe('Pay $400 on Monday.\n\nI  shall.');
    expect(replaceWord(text, 0, 'Send')).toBe('Send $400 on Monday.\n\nI  will.');
    expect(replaceWord(text, 6, 'x')).toBeNull();
  });
});
