import { describe, expect, it } from 'vitest';
import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import { PARAGRAPH_MAX_WORDS, PARAGRAPH_SOFT_WORDS, transcriptParagraphs } from './transcript-paragraphs.ts';

/** Words said one after another, 0.25 s each with 0.25 s between, from `start` (exact in binary). */
function spoken(text: string, start = 0): TranscriptWord[] {
  return text.split(' ').map((word, i) => ({
    word,
    start: start + i * 0.5,
    end: start + i * 0.5 + 0.25,
    confidence: 0.9,
  }));
}

const texts = (words: readonly TranscriptWord[]) => words.map((w) => w.word).join(' ');

describe('transcriptParagraphs', () => {
  it('keeps continuous speech in one paragraph that starts with its first word', () => {
    const words = spoken('please remember to buy milk', 2);
    expect(transcriptParagraphs(words)).toEqual([{ start: 2, first: 0, words }]);
  });

  it('starts a new paragraph after a pause of 1.5 s or more, not a shorter one', () => {
    // "buy milk" ends at 0.75 s; "and bread" follows after a 1.25 s breath and ends at 2.75 s;
    // "call Anna" follows after exactly 1.5 s.
    const first = spoken('buy milk');
    const breath = spoken('and bread', 2);
    const pause = spoken('call Anna', 4.25);
    const paragraphs = transcriptParagraphs([...first, ...breath, ...pause]);
    expect(paragraphs.map((p) => texts(p.words))).toEqual(['buy milk and bread', 'call Anna']);
    expect(paragraphs[1]).toMatchObject({ start: 4.25, first: 4 });
  });

  it('breaks long speech at a sentence end once it has run on', () => {
    const words = spoken(
      [...Array.from({ length: PARAGRAPH_SOFT_WORDS - 1 }, (_, i) => `w${i}`), 'end.', 'next', 'words'].join(
        ' ',
      ),
    );
    const paragraphs = transcriptParagraphs(words);
    expect(paragraphs.map((p) => p.words.length)).toEqual([PARAGRAPH_SOFT_WORDS, 2]);
    expect(paragraphs[1]).toMatchObject({
      first: PARAGRAPH_SOFT_WORDS,
      start: words[PARAGRAPH_SOFT_WORDS]!.start,
    });
  });

  it('does not break at a sentence end in a short paragraph', () => {
    expect(transcriptParagraphs(spoken('Buy milk. Call Anna. Walk the dog.'))).toHaveLength(1);
  });

  it('breaks speech without pauses or sentence ends every 60 words', () => {
    const words = spoken(Array.from({ length: 150 }, (_, i) => `w${i}`).join(' '));
    const paragraphs = transcriptParagraphs(words);
    expect(paragraphs.map((p) => p.words.length)).toEqual([PARAGRAPH_MAX_WORDS, PARAGRAPH_MAX_WORDS, 30]);
    expect(paragraphs.map((p) => p.first)).toEqual([0, 60, 120]);
    // Every word is in exactly one paragraph, in order.
    expect(paragraphs.flatMap((p) => p.words)).toEqual(words);
  });

  it('gives no paragraphs for no words', () => {
    expect(transcriptParagraphs([])).toEqual([]);
  });
});
