/**
 * A pronunciation dictionary in CMU format (`word PH ON ES`, alternates as `word(2)`): the stock
 * one plus the person's words, written as one file the decoder and `bw` both read.
 */
import { readFile, writeFile } from 'node:fs/promises';

import { AdaptationError } from '../errors.ts';

export interface Pronunciation {
  word: string;
  phones: readonly string[];
}

/** The words (without alternate markers) a dictionary file knows. */
export async function readDictionaryWords(path: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AdaptationError('model_unreadable', `The pronunciation dictionary ${path} cannot be read.`, {
      cause: error,
    });
  }
  const words = new Set<string>();
  for (const line of text.split('\n')) {
    const word = line.split(' ', 1)[0];
    if (word) words.add(word.replace(/\(\d+\)$/, ''));
  }
  return words;
}

/** Writes the stock dictionary followed by `extra` (words it lacks) to `outPath`. */
export async function writeDictionary(
  stockPath: string,
  extra: readonly Pronunciation[],
  outPath: string,
): Promise<void> {
  const stock = await readFile(stockPath, 'utf8');
  const lines = extra.map((entry) => `${entry.word} ${entry.phones.join(' ')}`);
  await writeFile(outPath, `${stock.replace(/\n*$/, '\n')}${lines.join('\n')}${lines.length ? '\n' : ''}`);
}
