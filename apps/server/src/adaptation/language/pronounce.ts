/**
 * Pronunciations for words the stock dictionary lacks, from espeak-ng's IPA (`espeak-ng -q --ipa`)
 * mapped to the CMU ARPAbet phones of the en-us acoustic model.
 */
import { runTool } from '../run-tool.ts';
import type { Pronunciation } from './dictionary.ts';

/** Longest IPA sequences first, so diphthongs and r-coloured vowels win over their parts. */
const IPA_TO_ARPABET: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['aɪə', ['AY', 'ER']],
  ['aɪɚ', ['AY', 'ER']],
  ['aʊɚ', ['AW', 'ER']],
  ['oːɹ', ['AO', 'R']],
  ['ɔːɹ', ['AO', 'R']],
  ['ɑːɹ', ['AA', 'R']],
  ['ɛɹ', ['EH', 'R']],
  ['ɪɹ', ['IH', 'R']],
  ['ʊɹ', ['UH', 'R']],
  // Syllabic consonants: "witten" is wˈɪʔn̩ to espeak, W IH T AH N to the dictionary.
  ['n̩', ['AH', 'N']],
  ['l̩', ['AH', 'L']],
  ['m̩', ['AH', 'M']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['aɪ', ['AY']],
  ['aʊ', ['AW']],
  ['eɪ', ['EY']],
  ['oʊ', ['OW']],
  ['əʊ', ['OW']],
  ['ɔɪ', ['OY']],
  ['ɜː', ['ER']],
  ['ɑː', ['AA']],
  ['ɔː', ['AO']],
  ['iː', ['IY']],
  ['uː', ['UW']],
  ['oː', ['AO']],
  ['ɚ', ['ER']],
  ['ɝ', ['ER']],
  ['ə', ['AH']],
  ['ʌ', ['AH']],
  ['ɐ', ['AH']],
  ['æ', ['AE']],
  ['a', ['AE']],
  ['ɑ', ['AA']],
  ['ɒ', ['AA']],
  ['ɔ', ['AO']],
  ['ɛ', ['EH']],
  ['e', ['EH']],
  ['ɪ', ['IH']],
  ['ᵻ', ['IH']],
  ['i', ['IY']],
  ['ʊ', ['UH']],
  ['u', ['UW']],
  ['o', ['OW']],
  ['b', ['B']],
  ['d', ['D']],
  ['ð', ['DH']],
  ['f', ['F']],
  ['ɡ', ['G']],
  ['g', ['G']],
  ['h', ['HH']],
  ['j', ['Y']],
  ['k', ['K']],
  ['l', ['L']],
  ['ɫ', ['L']],
  ['m', ['M']],
  ['n', ['N']],
  ['ŋ', ['NG']],
  ['p', ['P']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['s', ['S']],
  ['ʃ', ['SH']],
  ['t', ['T']],
  // American flap: espeak writes "otto" as ɑːɾə; the dictionary says T there.
  ['ɾ', ['T']],
  ['θ', ['TH']],
  ['v', ['V']],
  ['w', ['W']],
  ['z', ['Z']],
  ['ʒ', ['ZH']],
  ['ʔ', ['T']],
  // The "ch" of Bach and loch: the dictionary says K (B AA K).
  ['x', ['K']],
];

/** Marks that carry no phone: stress, length, syllable and tie marks. */
const IGNORED = new Set(['ˈ', 'ˌ', 'ː', '.', '-', '‿', '͡', ' ']);

/** Maps one espeak-ng IPA string to ARPAbet; throws on a symbol it does not know. */
export function ipaToArpabet(ipa: string): string[] {
  const phones: string[] = [];
  let i = 0;
  outer: while (i < ipa.length) {
    if (IGNORED.has(ipa[i]!)) {
      i++;
      continue;
    }
    for (const [symbol, arpabet] of IPA_TO_ARPABET) {
      if (ipa.startsWith(symbol, i)) {
        phones.push(...arpabet);
        i += symbol.length;
        continue outer;
      }
    }
    throw new Error(`unknown IPA symbol "${ipa[i]}" in "${ipa}"`);
  }
  return phones;
}

/** Asks espeak-ng (US English) for each word's IPA, one word a line, in one run. */
export async function pronounce(words: readonly string[]): Promise<Pronunciation[]> {
  if (words.length === 0) return [];
  const { stdout } = await runTool({
    program: 'espeak-ng',
    args: ['-q', '--ipa', '-v', 'en-us'],
    input: `${words.join('.\n')}.\n`,
    purpose: 'spelling out how new words sound',
    debianPackage: 'espeak-ng',
  });
  const lines = stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const result: Pronunciation[] = [];
  words.forEach((word, index) => {
    const line = lines[index];
    if (line === undefined) return;
    try {
      const phones = ipaToArpabet(line);
      if (phones.length > 0) result.push({ word, phones });
    } catch {
      // A word espeak spells with a sound outside the model's phone set is left out.
    }
  });
  return result;
}
