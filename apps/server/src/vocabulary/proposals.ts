/**
 * Words worth adding: those the person typed when correcting transcripts that the recogniser's
 * dictionary lacks (the recogniser can never have written them, so a person did), minus their
 * vocabulary and the words they dismissed. Read from each note's newest corrected text, so a
 * word typed once and kept through later edits counts once.
 */
import { vocabularyWordKey, type VocabularyProposal } from '@voxpad/shared/vocabulary';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import type { StockDictionary } from './stock-dictionary.ts';
import { needingDictionary } from './vocabulary-problems.ts';
import { correctedTexts, dismissedKeys, insertDismissal, listWords } from './vocabulary-repository.ts';

/** Notes read, newest corrections first. */
const NOTES_READ = 500;
const PROPOSALS_MAX = 50;

interface Tally {
  count: number;
  notes: number;
  /** How the person wrote it, most often first wins ties by first seen. */
  spellings: Map<string, number>;
}

/** Words as the dictionary spells them (letters and inner apostrophes), keeping the person's case. */
function typedWords(text: string): string[] {
  return text
    .split(/[^A-Za-z']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

export async function proposeWords(
  db: Db,
  dictionary: StockDictionary,
  userId: string,
): Promise<VocabularyProposal[]> {
  const texts = await correctedTexts(db, userId, NOTES_READ);
  const tallies = new Map<string, Tally>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const typed of typedWords(text)) {
      const key = typed.toLowerCase();
      const tally = tallies.get(key) ?? { count: 0, notes: 0, spellings: new Map<string, number>() };
      tally.count++;
      if (!seen.has(key)) tally.notes++;
      seen.add(key);
      tally.spellings.set(typed, (tally.spellings.get(typed) ?? 0) + 1);
      tallies.set(key, tally);
    }
  }
  const kept = new Set((await listWords(db, userId)).map((row) => row.word_key));
  const dismissed = await dismissedKeys(db, userId);
  const proposals: VocabularyProposal[] = [];
  for (const [key, tally] of tallies) {
    if (kept.has(key) || dismissed.has(key) || (await needingDictionary(() => dictionary.has(key)))) continue;
    proposals.push({ word: mostTyped(tally.spellings), count: tally.count, notes: tally.notes });
  }
  return proposals.sort((a, b) => b.count - a.count || a.word.localeCompare(b.word)).slice(0, PROPOSALS_MAX);
}

function mostTyped(spellings: Map<string, number>): string {
  let best = '';
  let most = 0;
  for (const [spelling, count] of spellings) {
    if (count > most) [best, most] = [spelling, count];
  }
  return best;
}

/** The word is not proposed again (adding it later still works). */
export async function dismissProposal(db: Db, userId: string, word: string): Promise<void> {
  const now = Date.now();
  await insertDismissal(db, {
    id: newId(now),
    user_id: userId,
    word_key: vocabularyWordKey(word),
    created_at: now,
  });
}
