import { describe, expect, it } from 'vitest';
import {
  DISTINCT_TITLE_WORDS,
  provisionalTitle,
  TITLE_WORDS,
  titleFromTranscript,
} from '../../src/transcripts/note-title.ts';
import { countWords } from '../../src/transcripts/transcript-words.ts';

describe('titleFromTranscript', () => {
  it('takes the first words in sentence case, with "…" when the transcript goes on', () => {
    expect(titleFromTranscript('please remember to buy milk and bread tomorrow morning before work')).toBe(
      'Please remember to buy milk and bread tomorrow…',
    );
    expect(TITLE_WORDS).toBe(8);
  });

  it('keeps a short transcript whole, without "…"', () => {
    expect(titleFromTranscript('  call   the\nplumber ')).toBe('Call the plumber');
  });

  it('stops at the end of a short first sentence and drops its full stop', () => {
    expect(titleFromTranscript('Buy oat milk. Then call Anna about the trip to Lisbon.')).toBe(
      'Buy oat milk',
    );
    expect(titleFromTranscript('Did I lock the door? I think so.')).toBe('Did I lock the door?');
  });

  it('leaves the rest of the words as they were heard (names, "I", acronyms)', () => {
    expect(titleFromTranscript('ask NASA if I can visit Houston')).toBe('Ask NASA if I can visit Houston');
  });

  it('does not end a cut title on a comma', () => {
    expect(titleFromTranscript('first, second, third, fourth, fifth, sixth, seventh, eighth, ninth')).toBe(
      'First, second, third, fourth, fifth, sixth, seventh, eighth…',
    );
  });

  it('cuts very long words to fit a list row', () => {
    const title = titleFromTranscript(`see ${'x'.repeat(300)}`)!;
    expect(title.length).toBeLessThanOrEqual(81);
    expect(title.endsWith('…')).toBe(true);
  });

  it('gives no title when nothing was said', () => {
    expect(titleFromTranscript('')).toBeNull();
    expect(titleFromTranscript(null)).toBeNull();
    expect(titleFromTranscript(' ... ')).toBeNull();
  });
});

describe('titles that tell the notes of a pad apart', () => {
  const milk = 'please remember to buy milk and bread tomorrow morning before the shop closes';

  it('takes more words until the title differs from the pad’s others', () => {
    const first = titleFromTranscript(milk)!;
    expect(first).toBe('Please remember to buy milk and bread tomorrow…');
    const second = 'please remember to buy milk and bread tomorrow evening after the gym';
    expect(titleFromTranscript(second, [first])).toBe(
      'Please remember to buy milk and bread tomorrow evening…',
    );
  });

  it('goes on past the end of a short first sentence', () => {
    expect(titleFromTranscript('Buy oat milk. Then call Anna.', ['Buy oat milk'])).toBe(
      'Buy oat milk. Then…',
    );
    expect(
      titleFromTranscript('Buy oat milk. Then call Anna.', ['Buy oat milk', 'Buy oat milk. Then…']),
    ).toBe('Buy oat milk. Then call…');
  });

  it('ignores case, spacing and a closing "…" or full stop when comparing', () => {
    expect(titleFromTranscript('call the plumber', ['CALL THE  PLUMBER…'])).toBe('Call the plumber (2)');
    expect(titleFromTranscript('call the plumber', ['Call the plumber.'])).toBe('Call the plumber (2)');
  });

  it('numbers a note that says the same as others, past the words it may take', () => {
    const same = Array.from({ length: DISTINCT_TITLE_WORDS + 4 }, (_, i) => `w${i}`).join(' ');
    const taken: string[] = [];
    for (let k = 0; k <= DISTINCT_TITLE_WORDS - TITLE_WORDS; k++) {
      taken.push(titleFromTranscript(same, taken)!);
    }
    expect(taken.at(-1)!.split(' ')).toHaveLength(DISTINCT_TITLE_WORDS);
    const numbered = titleFromTranscript(same, taken);
    expect(numbered).toBe(`${taken[0]} (2)`);
    expect(titleFromTranscript(same, [...taken, numbered!])).toBe(`${taken[0]} (3)`);
  });

  it('keeps the short title when no other note has it', () => {
    expect(titleFromTranscript(milk, ['Call the plumber', 'Please remember'])).toBe(
      'Please remember to buy milk and bread tomorrow…',
    );
  });
});

describe('the title before there is a transcript', () => {
  it('is the file’s name without its extension, or "Voice note" for a recording', () => {
    expect(provisionalTitle('Team standup.wav')).toEqual({ title: 'Team standup', title_source: 'file' });
    expect(provisionalTitle('recording.webm')).toEqual({ title: 'Voice note', title_source: 'default' });
    expect(provisionalTitle(undefined)).toEqual({ title: 'Voice note', title_source: 'default' });
    expect(provisionalTitle(`${'x'.repeat(300)}.mp3`).title).toHaveLength(200);
  });
});

describe('countWords', () => {
  it('counts runs with a letter or digit; a dash or "..." alone is no word', () => {
    expect(countWords('one two, three - four ... five')).toBe(5);
    expect(countWords("don't e-mail 3.5 times")).toBe(4);
    expect(countWords('  \n ')).toBe(0);
    expect(countWords(null)).toBe(0);
  });
});
