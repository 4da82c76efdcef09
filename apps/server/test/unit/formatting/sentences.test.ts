import { describe, expect, it } from 'vitest';

import { formatWords, readableText } from '../../../src/transcripts/formatting/format-transcript.ts';
import { format, testCasing, timedWords } from './words.ts';

describe('sentences and questions', () => {
  it.each([
    ['where did you put the keys', 'Where did you put the keys?'],
    ['what time does the train leave', 'What time does the train leave?'],
    ['is the report ready', 'Is the report ready?'],
    ['could you drive me', 'Could you drive me?'],
    ["that is good news isn't it", "That is good news isn't it?"],
    ['when i get home i will call', 'When I get home I will call.'],
    ['the cat is asleep', 'The cat is asleep.'],
    ['may i come in', 'May I come in?'],
  ])('%s -> %s', (spoken, written) => {
    expect(format(spoken)).toBe(written);
  });

  it('ends a sentence at a short pause before a word that opens one, and asks when it should', () => {
    expect(format('call sarah on monday|0.06 is the report ready|0.05 i think so')).toBe(
      'Call Sarah on Monday. Is the report ready? I think so.',
    );
  });

  it('puts a comma at a short pause that does not open a sentence', () => {
    expect(format('i think so|0.04 but i am not sure')).toBe('I think so, but I am not sure.');
    expect(format('they are on the table|0.08 next to the lamp')).toBe(
      'They are on the table, next to the lamp.',
    );
  });

  it('needs a slightly longer pause before a word that also follows commas ("the", "it")', () => {
    expect(format('he called|0.035 the man said')).toBe('He called, the man said.');
    expect(format('he called|0.05 the man said')).toBe('He called. The man said.');
  });

  it('puts a comma, not a full stop, after the clause a sentence opens with "when" or "if"', () => {
    expect(format('when we got home|0.08 the door was open|0.08 it was late')).toBe(
      'When we got home, the door was open. It was late.',
    );
    expect(format('if you can|0.05 i will come')).toBe('If you can, I will come.');
  });

  it('ends a sentence at a long pause, but not after a word that cannot end one', () => {
    expect(format('we went home|0.8 dinner was late')).toBe('We went home. Dinner was late.');
    expect(format('we went to the|0.8 market')).toBe('We went to the market.');
  });

  it('writes nothing between words that touch', () => {
    expect(format('we went home i think')).toBe('We went home i think.'.replace(' i ', ' I '));
  });

  it('continues after earlier words: capital after a full stop, none after a comma', () => {
    const first = formatWords(timedWords('we went home'), { casing: testCasing });
    const next = formatWords(timedWords('dinner was late', 1.5), { casing: testCasing, before: first });
    expect(readableText([...first, ...next])).toBe('We went home. Dinner was late.');
    const open = [{ ...first[0]!, text: 'well,' }];
    expect(formatWords(timedWords('dinner', 2), { casing: testCasing, before: open })[0]!.text).toBe(
      'dinner.',
    );
  });
});

describe('paragraphs', () => {
  it('starts a paragraph at a long pause between sentences', () => {
    const words = formatWords(timedWords('we went home|3 dinner was late'), { casing: testCasing });
    expect(words.map((w) => w.paragraph)).toEqual([
      undefined,
      undefined,
      undefined,
      true,
      undefined,
      undefined,
    ]);
    expect(readableText(words)).toBe('We went home.\n\nDinner was late.');
  });

  it('keeps the break when the paragraph opens on a word that reads ""', () => {
    const words = formatWords(timedWords('we went home|3 twenty dollars was the price'), {
      casing: testCasing,
    });
    const moved = words.map((w, i) =>
      i === 3 ? { ...w, text: '' } : i === 4 ? { ...w, paragraph: true as const, text: '$20' } : w,
    );
    expect(readableText(words)).toBe('We went home.\n\n$20 was the price.');
    // The paragraph flag sits on a word whose text is "": the break stays.
    const shifted = moved.map((w, i) =>
      i === 3 ? { ...w, paragraph: true as const } : i === 4 ? { ...w, paragraph: undefined } : w,
    );
    expect(readableText(shifted)).toBe('We went home.\n\n$20 was the price.');
  });
});
