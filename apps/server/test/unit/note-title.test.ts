import { describe, expect, it } from 'vitest';
import { TITLE_WORDS, titleFromTranscript } from '../../src/jobs/note-title.ts';

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
