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
import { type Pronunciation, readDictionaryWords, writeDictionary } from './dictionary.ts';
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

/**
 * `vocabulary`: the person's own words with the phones they chose (ADR 0036), written to the
 * dictionary as they are (a word the stock dictionary knows keeps the stock phones); their
 * tokens should also be in `sentences` so the model gives them weight.
 */
export async function buildPersonalLanguage(
  sentences: readonly string[],
  stockDictionary: string,
  outDir: string,
  order = 3,
  vocabulary: readonly Pronunciation[] = [],
): Promise<PersonalLanguage> {
  if (sentences.every((sentence) => dictionaryWords(sentence).length === 0)) {
    throw new AdaptationError('not_enough_data', 'There is no corrected text to learn words from.');
  }
  const known = await readDictionaryWords(stockDictionary);
  const own = vocabularyEntries(vocabulary, known);
  const ownWords = new Set(vocabulary.map((entry) => entry.word));
  const missing = [...new Set(sentences.flatMap(dictionaryWords))]
    .filter((word) => !known.has(word) && !ownWords.has(word))
    .sort();
  const pronounced = await pronounce(missing);
  const newWords = [...pronounced, ...own];
  const spelt = new Set(pronounced.map((entry) => entry.word));
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

/** Vocabulary words the stock dictionary lacks, a word's second pronunciation as `word(2)`. */
function vocabularyEntries(
  vocabulary: readonly Pronunciation[],
  known: ReadonlySet<string>,
): Pronunciation[] {
  const count = new Map<string, number>();
  const entries: Pronunciation[] = [];
  for (const entry of vocabulary) {
    if (known.has(entry.word) || entry.phones.length === 0) continue;
    const n = (count.get(entry.word) ?? 0) + 1;
    count.set(entry.word, n);
    entries.push({ word: n === 1 ? entry.word : `${entry.word}(${n})`, phones: entry.phones });
  }
  return entries;
}
