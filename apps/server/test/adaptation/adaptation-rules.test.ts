/** Rules of the personal language model and pronunciations, checked without the decoder. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { buildArpa } from '../../src/adaptation/language/arpa.ts';
import { ipaToArpabet } from '../../src/adaptation/language/pronounce.ts';

const TEXT = ['the bees are calm', 'the bees are bringing pollen', 'check the hive for the queen'];

/** log10 p(word | history) read back from the ARPA text with the backoff rule. */
function arpaProbability(arpa: string, history: string[], word: string): number {
  const entries = new Map<string, { p: number; bow: number }>();
  for (const line of arpa.split('\n')) {
    const fields = line.split('\t');
    if (fields.length >= 2) entries.set(fields[1]!, { p: Number(fields[0]), bow: Number(fields[2] ?? 0) });
  }
  const score = (h: string[]): number => {
    const hit = entries.get([...h, word].join(' '));
    if (hit) return hit.p;
    return (entries.get(h.join(' '))?.bow ?? 0) + score(h.slice(1));
  };
  return score(history);
}

describe('personal ARPA model', () => {
  const arpa = buildArpa(TEXT, 3).text;
  const vocabulary = ['</s>', ...new Set(TEXT.join(' ').split(' '))];

  it('gives every history a distribution that sums to one', () => {
    for (const history of [['<s>'], ['the'], ['<s>', 'the'], ['the', 'bees'], ['calm'], ['queen', 'the']]) {
      const total = vocabulary.reduce((sum, word) => sum + 10 ** arpaProbability(arpa, history, word), 0);
      expect(total, history.join(' ')).toBeCloseTo(1, 4);
    }
  });

  it('is an ARPA file sphinxbase reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'voxpad-arpa-'));
    try {
      writeFileSync(join(dir, 'personal.arpa'), arpa);
      execFileSync(
        'sphinx_lm_convert',
        ['-i', join(dir, 'personal.arpa'), '-o', join(dir, 'personal.lm.bin')],
        {
          stdio: 'ignore',
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('espeak-ng IPA to the model phones', () => {
  it('maps diphthongs, r-coloured vowels and flaps', () => {
    expect(ipaToArpabet('væɹˈoʊə')).toEqual(['V', 'AE', 'R', 'OW', 'AH']);
    expect(ipaToArpabet('hˈɛlɪbˌoːɹz')).toEqual(['HH', 'EH', 'L', 'IH', 'B', 'AO', 'R', 'Z']);
    expect(ipaToArpabet('ˈɑːɾəlˌiːn')).toEqual(['AA', 'T', 'AH', 'L', 'IY', 'N']);
    expect(ipaToArpabet('kɜːdʒˈɛts')).toEqual(['K', 'ER', 'JH', 'EH', 'T', 'S']);
  });

  it('maps syllabic consonants and the "ch" of Bach as the dictionary spells them', () => {
    expect(ipaToArpabet('wˈɪʔn̩')).toEqual(['W', 'IH', 'T', 'AH', 'N']);
    expect(ipaToArpabet('lˈaɪʔn̩z')).toEqual(['L', 'AY', 'T', 'AH', 'N', 'Z']);
    expect(ipaToArpabet('kˈælənbˌɑːx')).toEqual(['K', 'AE', 'L', 'AH', 'N', 'B', 'AA', 'K']);
  });

  it('refuses a symbol outside the model phone set', () => {
    expect(() => ipaToArpabet('ɬ')).toThrow(/unknown IPA symbol/);
  });
});
