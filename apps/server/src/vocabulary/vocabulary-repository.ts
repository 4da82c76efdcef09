/** Every query of the vocabulary, each scoped to its owner. */
import type { Db } from '../db/database.ts';
import type { VocabularyWordRow } from '../db/schema.ts';

const COLUMNS = [
  'id',
  'user_id',
  'pad_id',
  'word',
  'word_key',
  'pronunciations',
  'source',
  'sounds_like',
  'created_at',
  'updated_at',
] as const;

/** The owner's words, alphabetically. */
export async function listWords(db: Db, userId: string): Promise<VocabularyWordRow[]> {
  return db
    .selectFrom('vocabulary_words')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('word_key')
    .orderBy('id')
    .execute();
}

/** The owner's words used in a pad: those for every pad and, with `padId`, that pad's own. */
export async function listWordsForPad(
  db: Db,
  userId: string,
  padId: string | null,
): Promise<VocabularyWordRow[]> {
  return db
    .selectFrom('vocabulary_words')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where((eb) =>
      padId === null ? eb('pad_id', 'is', null) : eb.or([eb('pad_id', 'is', null), eb('pad_id', '=', padId)]),
    )
    .orderBy('word_key')
    .execute();
}

export async function findWord(db: Db, userId: string, id: string): Promise<VocabularyWordRow | undefined> {
  return db
    .selectFrom('vocabulary_words')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Another entry of the owner with this key in the same scope (a pad, or every pad). */
export async function findSameWord(
  db: Db,
  userId: string,
  wordKey: string,
  padId: string | null,
  exceptId?: string,
): Promise<VocabularyWordRow | undefined> {
  let query = db
    .selectFrom('vocabulary_words')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('word_key', '=', wordKey)
    .where((eb) => (padId === null ? eb('pad_id', 'is', null) : eb('pad_id', '=', padId)));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export async function countWords(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('vocabulary_words')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertWord(db: Db, row: VocabularyWordRow): Promise<void> {
  await db.insertInto('vocabulary_words').values(row).execute();
}

export type WordChange = Pick<
  VocabularyWordRow,
  'word' | 'word_key' | 'pad_id' | 'pronunciations' | 'source' | 'sounds_like' | 'updated_at'
>;

export async function updateWord(db: Db, userId: string, id: string, change: WordChange): Promise<boolean> {
  const result = await db
    .updateTable('vocabulary_words')
    .set(change)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the owner has no word with that id. */
export async function deleteWord(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('vocabulary_words')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the pad is the owner's (a word can only be tied to one's own pad). */
export async function ownsPad(db: Db, userId: string, padId: string): Promise<boolean> {
  const pad = await db
    .selectFrom('pads')
    .select('id')
    .where('owner_id', '=', userId)
    .where('id', '=', padId)
    .executeTakeFirst();
  return pad !== undefined;
}

/** The text of each of the owner's notes as they last corrected it, newest first, at most `limit` notes. */
export async function correctedTexts(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('transcript_versions')
    .select(['voice_note_id', 'text'])
    .where('owner_id', '=', userId)
    .where('source', '=', 'manual')
    .orderBy('id', 'desc')
    .limit(limit * 4)
    .execute();
  const newest = new Map<string, string>();
  for (const row of rows) if (!newest.has(row.voice_note_id)) newest.set(row.voice_note_id, row.text);
  return [...newest.values()].slice(0, limit);
}

export async function dismissedKeys(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('vocabulary_dismissals')
    .select('word_key')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.word_key));
}

/** Records a dismissal; dismissing a word twice keeps the first. */
export async function insertDismissal(
  db: Db,
  row: { id: string; user_id: string; word_key: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('vocabulary_dismissals')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'word_key']).doNothing())
    .execute();
}
