/**
 * Adding, changing and removing a person's words: the pad must be theirs, a word is kept once
 * per pad (or once for every pad), an account keeps at most `maxWords`, and each word gets a
 * pronunciation (pronunciation-resolver.ts) before it is stored.
 */
import {
  vocabularyWordKey,
  type CreateVocabularyEntryInput,
  type UpdateVocabularyEntryInput,
  type VocabularyEntry,
} from '@voxpad/shared/vocabulary';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/database-errors.ts';
import type { VocabularyWordRow } from '../db/schema.ts';
import { notFound } from '../http/api-problem.ts';
import { newId } from '../lib/ids.ts';
import { resolvePronunciation, type PronunciationRequest } from './pronunciation-resolver.ts';
import type { StockDictionary } from './stock-dictionary.ts';
import { parsePronunciations, presentWord } from './vocabulary-presenter.ts';
import {
  duplicateWord,
  needingDictionary,
  tooManyWords,
  unknownPad,
  unpronounceable,
} from './vocabulary-problems.ts';
import {
  countWords,
  deleteWord,
  findSameWord,
  findWord,
  insertWord,
  listWords,
  ownsPad,
  updateWord,
  type WordChange,
} from './vocabulary-repository.ts';

export interface VocabularySettings {
  db: Db;
  dictionary: StockDictionary;
  /** VOCABULARY_MAX_WORDS: words one account may keep. */
  maxWords: number;
  /** Hears that a person's words changed (the recogniser is rebuilt with them, ADR 0040). */
  onChange?: (userId: string) => Promise<void>;
}

/** A failed notice must not fail the change the person made. */
async function changed(deps: VocabularySettings, userId: string): Promise<void> {
  await deps.onChange?.(userId).catch(() => undefined);
}

const wordNotFound = () => notFound('This word');

export async function listVocabulary(deps: VocabularySettings, userId: string): Promise<VocabularyEntry[]> {
  return (await listWords(deps.db, userId)).map(presentWord);
}

export async function addWord(
  deps: VocabularySettings,
  userId: string,
  input: CreateVocabularyEntryInput,
): Promise<VocabularyEntry> {
  const padId = input.pad_id ?? null;
  const wordKey = vocabularyWordKey(input.word);
  await checkScope(deps.db, userId, input.word, wordKey, padId);
  if ((await countWords(deps.db, userId)) >= deps.maxWords) throw tooManyWords(deps.maxWords);
  const soundsLike = input.sounds_like ?? null;
  const pronunciation = await pronounceOrRefuse(deps, {
    word: input.word,
    soundsLike,
    phones: input.pronunciation ?? null,
  });
  const now = Date.now();
  const row: VocabularyWordRow = {
    id: newId(now),
    user_id: userId,
    pad_id: padId,
    word: input.word,
    word_key: wordKey,
    pronunciations: JSON.stringify(pronunciation.pronunciations),
    source: pronunciation.source,
    sounds_like: soundsLike,
    created_at: now,
    updated_at: now,
  };
  try {
    await insertWord(deps.db, row);
  } catch (error) {
    // The same word added twice at once: the unique index lets one in.
    if (isUniqueViolation(error)) throw duplicateWord(input.word, padId !== null);
    throw error;
  }
  // Concurrent adds can all pass the count; counting again keeps the limit without locks.
  if ((await countWords(deps.db, userId)) > deps.maxWords) {
    await deleteWord(deps.db, userId, row.id);
    throw tooManyWords(deps.maxWords);
  }
  await changed(deps, userId);
  return presentWord(row);
}

export async function changeWord(
  deps: VocabularySettings,
  userId: string,
  id: string,
  input: UpdateVocabularyEntryInput,
): Promise<VocabularyEntry> {
  const row = await findWord(deps.db, userId, id);
  if (!row) throw wordNotFound();
  const word = input.word ?? row.word;
  const wordKey = vocabularyWordKey(word);
  const padId = input.pad_id === undefined ? row.pad_id : input.pad_id;
  if (wordKey !== row.word_key || padId !== row.pad_id) {
    await checkScope(deps.db, userId, word, wordKey, padId, row.id);
  }
  const soundsLike = input.sounds_like === undefined ? row.sounds_like : input.sounds_like;
  // Phones made for another word, or from a spelling that changed, are made again.
  const remake =
    input.pronunciation !== undefined || input.sounds_like !== undefined || wordKey !== row.word_key;
  const pronunciation = remake
    ? await pronounceOrRefuse(deps, { word, soundsLike, phones: input.pronunciation ?? null })
    : { pronunciations: parsePronunciations(row.pronunciations), source: row.source };
  const change: WordChange = {
    word,
    word_key: wordKey,
    pad_id: padId,
    pronunciations: JSON.stringify(pronunciation.pronunciations),
    source: pronunciation.source,
    sounds_like: soundsLike,
    updated_at: Math.max(Date.now(), Number(row.updated_at)),
  };
  try {
    if (!(await updateWord(deps.db, userId, id, change))) throw wordNotFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateWord(word, padId !== null);
    throw error;
  }
  await changed(deps, userId);
  return presentWord({ ...row, ...change });
}

export async function removeWord(deps: VocabularySettings, userId: string, id: string): Promise<void> {
  if (!(await deleteWord(deps.db, userId, id))) throw wordNotFound();
  await changed(deps, userId);
}

/** The pad is the owner's, and the word is not kept for that pad (or every pad) already. */
async function checkScope(
  db: Db,
  userId: string,
  word: string,
  wordKey: string,
  padId: string | null,
  exceptId?: string,
): Promise<void> {
  if (padId !== null && !(await ownsPad(db, userId, padId))) throw unknownPad();
  if (await findSameWord(db, userId, wordKey, padId, exceptId)) throw duplicateWord(word, padId !== null);
}

async function pronounceOrRefuse(deps: VocabularySettings, request: PronunciationRequest) {
  const resolved = await needingDictionary(() => resolvePronunciation(request, deps.dictionary));
  if (!resolved.ok) throw unpronounceable(resolved.unpronounceable, resolved.field);
  return resolved;
}
