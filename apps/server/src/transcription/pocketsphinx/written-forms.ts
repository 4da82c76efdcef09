/**
 * How a person writes their own words (ADR 0040). The decoder's dictionary words are lower case,
 * a phrase's words joined with "_" ("tarn_hows", ADR 0036); a build keeps beside its dictionary
 * the spelling each word was added with ("Tarn Hows", "McAllister", "iPhone"), and a decode with
 * that build gives the words back so. The file is a JSON object: dictionary word -> spelling,
 * holding only the words whose spelling is not the dictionary word itself.
 */
import { readFileSync } from 'node:fs';

import { TranscriptionError } from '../errors.ts';

export type WrittenForms = ReadonlyMap<string, string>;

/** The stock model's: every word as the dictionary spells it. */
export const NO_WRITTEN_FORMS: WrittenForms = new Map();

/** The file's contents for some dictionary words and their spellings (the first of a word's spellings wins). */
export function serialiseWrittenForms(words: ReadonlyArray<{ word: string; written: string }>): string {
  const forms: Record<string, string> = {};
  for (const { word, written } of words) {
    if (Object.hasOwn(forms, word) || written === word.split('_').join(' ')) continue;
    forms[word] = written;
  }
  return JSON.stringify(forms, null, 2);
}

/** Reads a build's spellings. Throws TranscriptionError when the file is not what a build writes. */
export function readWrittenForms(path: string): WrittenForms {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new TranscriptionError(
      'model_missing',
      `The spellings of the personal model (${path}) could not be read: ${(error as Error).message}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TranscriptionError(
      'model_missing',
      `The spellings of the personal model (${path}) are damaged.`,
    );
  }
  const forms = new Map<string, string>();
  for (const [word, written] of Object.entries(parsed)) {
    if (typeof written === 'string' && written.trim() !== '') forms.set(word, written);
  }
  return forms;
}

/**
 * The words one dictionary word stands for, as the person writes them: "tarn_hows" -> "Tarn",
 * "Hows"; "zarvokin" -> "Zarvokin"; a word without a spelling (every stock word) as it is. A
 * spelling with another number of words than the token is not used (the token's words are).
 */
export function writtenWords(token: string, written: WrittenForms): string[] {
  const parts = token.split('_').filter(Boolean);
  const spelt = written.get(token)?.split(/\s+/).filter(Boolean);
  if (spelt && spelt.length === Math.max(1, parts.length)) return spelt;
  return parts.length > 0 ? parts : [token];
}
