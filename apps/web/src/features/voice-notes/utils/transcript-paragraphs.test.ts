import { describe, expect, it } from 'vitest';
import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import {
  PARAGRAPH_MAX_WORDS,
  PARAGRAPH_SOFT_WORDS,
  transcriptParagraphs,
  type TranscriptParagraph,
} from './transcript-paragraphs.ts';

/** Words said one after another, 0.25 s each with 0.25 s between, from `start` (exact in binary). */
function spoken(text: string, start = 0): TranscriptWord[] {
  return text.split(' ').map((word, i) => ({
    word,
    start: start + i * 0.5,
    end: start + i * 0.5 + 0.25,
    confidence: 0.9,
  }));
}

const texts = (paragraph: TranscriptParagraph) => paragraph.tokens.map((token) => token.text).join(' ');

describe('transcriptParagraphs', () => {
  it('keeps continuous speech in one paragraph that starts with its first word', () => {
    const words = spoken('please remember to buy milk', 2);
    const paragraphs = transcriptParagraphs(words);
    expect(paragraphs.map(texts)).toEqual(['please remember to buy milk']);
    expect(paragraphs[0]).toMatchObject({ start: 2, first: 0 });
    expect(paragraphs[0]!.tokens[4]).toMatchObject({ text: 'milk', first: 4, last: 4, start: 4 });
  });

  it('starts a new paragraph after a pause of 1.5 s or more, not a shorter one', () => {
    // "buy milk" ends at 0.75 s; "and bread" follows after a 1.25 s breath and ends at 2.75 s;
    // "call Anna" follows after exactly 1.5 s.
    const first = spoken('buy milk');
    const breath = spoken('and bread', 2);
    const pause = spoken('call Anna', 4.25);
    const paragraphs = transcriptParagraphs([...first, ...breath, ...pause]);
    expect(paragraphs.map(texts)).toEqual(['buy milk and bread', 'call Anna']);
    expect(paragraphs[1]).toMatchObject({ start: 4.25, first: 4 });
  });

  it('breaks long speech at a sentence end once it has run on', () => {
    const words = spoken(
      [...Array.from({ length: PARAGRAPH_SOFT_WORDS - 1 }, (_, i) => `w${i}`), 'end.', 'next', 'words'].join(
        ' ',
      ),
    );
    const paragraphs = transcriptParagraphs(words);
    expect(paragraphs.map((p) => p.tokens.length)).toEqual([PARAGRAPH_SOFT_WORDS, 2]);
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
    expect(paragraphs.map((p) => p.tokens.length)).toEqual([PARAGRAPH_MAX_WORDS, PARAGRAPH_MAX_WORDS, 30]);
    expect(paragraphs.map((p) => p.first)).toEqual([0, 60, 120]);
    // Every word is in exactly one paragraph, in order.
    expect(paragraphs.flatMap((p) => p.tokens.map((token) => words[token.first]))).toEqual(words);
  });

  it('gives no paragraphs for no words', () => {
    expect(transcriptParagraphs([])).toEqual([]);
  });

  it('reads formatted words in their display forms, folding empty ones into the form before', () => {
    const words = formatted([
      ['pay', 'Pay'],
      ['four', '$400'],
      ['hundred', ''],
      ['dollars', ''],
      ['on', 'on'],
      ['monday', 'Monday.'],
    ]);
    const [paragraph] = transcriptParagraphs(words, 'Pay $400 on Monday.');
    expect(texts(paragraph!)).toBe('Pay $400 on Monday.');
    expect(paragraph!.tokens[1]).toMatchObject({ text: '$400', first: 1, last: 3, start: 0.5, end: 1.75 });
  });

  it('keeps the paragraphs of a formatted transcript’s text, not the pause rule', () => {
    // A 2 s pause inside the first paragraph (the server chose not to break there) and a blank
    // line where the second starts.
    const words = formatted([
      ['buy', 'Buy'],
      ['milk', 'milk.'],
      ['call', 'Call', 2],
      ['anna', 'Anna.'],
      ['the', 'The'],
      ['end', 'end.'],
    ]);
    const paragraphs = transcriptParagraphs(words, 'Buy milk. Call Anna.\n\nThe end.');
    expect(paragraphs.map(texts)).toEqual(['Buy milk. Call Anna.', 'The end.']);
    expect(paragraphs[1]).toMatchObject({ first: 4, start: words[4]!.start });
  });

  it('falls back to pauses when the text does not read as the words (an edit not yet timed)', () => {
    const words = formatted([
      ['buy', 'Buy'],
      ['milk', 'milk.'],
      ['call', 'Call', 2],
      ['anna', 'Anna.'],
    ]);
    expect(transcriptParagraphs(words, 'Buy oat milk.\n\nCall Anna.').map(texts)).toEqual([
      'Buy milk.',
      'Call Anna.',
    ]);
  });
});

/** Formatted words 0.25 s long with 0.25 s between, a longer pause before those given one. */
function formatted(said: readonly (readonly [string, string, number?])[]): TranscriptWord[] {
  let at = 0;
  return said.map(([word, text, pauseBefore]) => {
    at += pauseBefore ?? 0;
    const timed = { word, text, start: at, end: at + 0.25, confidence: 0.9 };
    at += 0.5;
    return timed;
  });
}
