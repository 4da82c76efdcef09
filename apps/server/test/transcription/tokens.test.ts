import { describe, expect, it } from 'vitest';
import { spokenWord } from '../../src/transcription/pocketsphinx/tokens.ts';

describe('spokenWord', () => {
  it.each(['<s>', '</s>', '<sil>', '[NOISE]', '[SPEECH]', '++BREATH++', '++UH++', '<unk>', ''])(
    'drops the filler %j',
    (label) => expect(spokenWord(label)).toBeNull(),
  );

  it('strips alternate-pronunciation markers', () => {
    expect(spokenWord('read(2)')).toBe('read');
    expect(spokenWord('the(10)')).toBe('the');
  });

  it('keeps ordinary words, including apostrophes', () => {
    expect(spokenWord("don't")).toBe("don't");
    expect(spokenWord('milk')).toBe('milk');
  });
});
