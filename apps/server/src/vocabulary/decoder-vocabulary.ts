/**
 * What a decoder opened for one person (and pad) adds to its dictionary (ADR 0036). Each entry
 * is one dictionary word: lower case, a phrase's words joined with "_" so the decoder keeps it
 * as one unit with its joined phones (the words are given back with spaces by the caller).
 * A word with several pronunciations gives several entries (the dictionary's `word(2)`). A pad's
 * own word replaces the same word kept for every pad.
 */
import type { Db } from '../db/database.ts';
import { listWordsForPad } from './vocabulary-repository.ts';
import { parsePronunciations } from './vocabulary-presenter.ts';

export interface DecoderWord {
  /** The dictionary word: lower case, a phrase's words joined with "_". */
  word: string;
  phones: string[];
  /** As the person wrote it ("Ottoline", "São Paulo"), to put back in transcripts. */
  written: string;
}

/** The dictionary form of a vocabulary word or phrase. */
export function decoderWord(word: string): string {
  return word.toLowerCase().split(' ').join('_');
}

export async function vocabularyFor(
  db: Db,
  userId: string,
  padId: string | null = null,
): Promise<DecoderWord[]> {
  const rows = await listWordsForPad(db, userId, padId);
  const chosen = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const held = chosen.get(row.word_key);
    if (!held || (held.pad_id === null && row.pad_id !== null)) chosen.set(row.word_key, row);
  }
  return [...chosen.values()].flatMap((row) =>
    parsePronunciations(row.pronunciations).map((phones) => ({
      word: decoderWord(row.word),
      phones: phones.split(' '),
      written: row.word,
    })),
  );
}
