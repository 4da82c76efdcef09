/**
 * The language side of a person's model, from their corrected text: their own words with
 * pronunciations (stock dictionary plus espeak-ng for the rest) and a small ARPA model of how they
 * put words together, interpolated with the stock model when the decoder opens.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { AdaptationError } from '../errors.ts';
import { dictionaryWords } from '../words.ts';
import { buildArpa } from './arpa.ts';
import { readDictionaryWords, writeDictionary } from './dictionary.ts';
import { pronounce } from './pronounce.ts';

export interface PersonalLanguage {
  dictionary: string;
  languageModel: string;
  /** Words the stock dictionary lacked, with the phones given to them. */
  newWords: Array<{ word: string; phones: readonly string[] }>;
  /** Words espeak-ng could not spell in the model's phones (left out of the dictionary). */
  unpronounceable: string[];
  ngrams: number[];
}

export async function buildPersonalLanguage(
  sentences: readonly string[],
  stockDictionary: string,
  outDir: string,
  order = 3,
): Promise<PersonalLanguage> {
  if (sentences.every((sentence) => dictionaryWords(sentence).length === 0)) {
    throw new AdaptationError('not_enough_data', 'There is no corrected text to learn words from.');
  }
  const known = await readDictionaryWords(stockDictionary);
  const missing = [...new Set(sentences.flatMap(dictionaryWords))].filter((word) => !known.has(word)).sort();
  const newWords = await pronounce(missing);
  const spelt = new Set(newWords.map((entry) => entry.word));
  const dictionary = join(outDir, 'personal.dict');
  const languageModel = join(outDir, 'personal.arpa');
  await writeDictionary(stockDictionary, newWords, dictionary);
  const arpa = buildArpa(sentences, order);
  await writeFile(languageModel, arpa.text);
  return {
    dictionary,
    languageModel,
    newWords,
    unpronounceable: missing.filter((word) => !spelt.has(word)),
    ngrams: arpa.counts,
  };
}
