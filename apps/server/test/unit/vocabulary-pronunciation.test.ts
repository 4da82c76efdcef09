/**
 * How vocabulary words get their pronunciations, with the real en-us dictionary and real
 * espeak-ng (ADR 0036), and the phone checks of the shared schema.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createVocabularyEntrySchema,
  MODEL_PHONES,
  parsePhones,
  vocabularyWordKey,
} from '@voxpad/shared/vocabulary';
import { resolveModel } from '../../src/transcription/pocketsphinx/model.ts';
import { resolvePronunciation } from '../../src/vocabulary/pronunciation-resolver.ts';
import { parseDictionary, StockDictionary } from '../../src/vocabulary/stock-dictionary.ts';

const dictPath = resolveModel().dict;
const dictionary = new StockDictionary(() => dictPath);
const resolve = (word: string, soundsLike: string | null = null, phones: string | null = null) =>
  resolvePronunciation({ word, soundsLike, phones }, dictionary);

describe('the phones a person may type', () => {
  it('are exactly the phones the stock dictionary uses', () => {
    const used = new Set<string>();
    for (const pronunciations of parseDictionary(readFileSync(dictPath, 'utf8')).values()) {
      for (const pronunciation of pronunciations)
        for (const phone of pronunciation.split(' ')) used.add(phone);
    }
    expect([...used].sort()).toEqual([...MODEL_PHONES].sort());
  });

  it('drop stress digits and name the first phone the model does not know', () => {
    expect(parsePhones(' v ae1 r ow0 ah ')).toEqual({ phones: ['V', 'AE', 'R', 'OW', 'AH'] });
    expect(parsePhones('K AX N')).toEqual({ unknown: 'AX' });
    expect(parsePhones('K AH3')).toEqual({ unknown: 'AH3' });
    const refused = createVocabularyEntrySchema.safeParse({ word: 'kin', pronunciation: 'K IX N' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain('"IX" is not a sound the recogniser knows');
  });

  it('keys words by their tidied lower-case spelling', () => {
    expect(vocabularyWordKey('  São   Paulo ')).toBe('são paulo');
    expect(vocabularyWordKey('O’Brien')).toBe("o'brien");
  });
});

describe('resolving a pronunciation', () => {
  it('takes a known word from the dictionary, with its alternates', async () => {
    expect(await resolve('Siobhan')).toEqual({
      ok: true,
      pronunciations: ['SH AW B AA N'],
      source: 'dictionary',
    });
    const tomato = await resolve('tomato');
    expect(tomato).toMatchObject({ ok: true, source: 'dictionary' });
    expect(tomato.ok && tomato.pronunciations.length).toBeGreaterThan(1);
  });

  it('joins a phrase of known words, and finds a hyphenated word from its parts', async () => {
    expect(await resolve('New York')).toEqual({
      ok: true,
      pronunciations: ['N UW Y AO R K'],
      source: 'dictionary',
    });
    expect(await resolve('sea-horse')).toMatchObject({ ok: true, source: 'dictionary' });
  });

  it('generates a word the dictionary lacks with espeak-ng, in the model phones', async () => {
    expect(await dictionary.has('varroa')).toBe(false);
    const varroa = await resolve('Varroa');
    expect(varroa).toEqual({ ok: true, pronunciations: ['V AE R OW AH'], source: 'generated' });
    // Known words of a phrase keep the dictionary's phones; only the unknown one is generated.
    const phrase = await resolve('varroa mite');
    expect(phrase).toEqual({ ok: true, pronunciations: ['V AE R OW AH M AY T'], source: 'generated' });
  });

  it("uses the person's sounds-like spelling over the dictionary", async () => {
    // The dictionary says N UW Y EH N; this person says "win".
    expect(await resolve('Nguyen', 'win')).toEqual({
      ok: true,
      pronunciations: ['W IH N'],
      source: 'sounds_like',
    });
    const made = await resolve('Ottoline', 'otto leen');
    expect(made).toMatchObject({ ok: true, source: 'sounds_like' });
    expect(made.ok && made.pronunciations[0]).toMatch(/^AA T OW L /);
  });

  it('keeps phones the person typed as they are', async () => {
    expect(await resolve('varroa', 'var oh ah', 'V AA R OW AH')).toEqual({
      ok: true,
      pronunciations: ['V AA R OW AH'],
      source: 'user',
    });
  });
});
