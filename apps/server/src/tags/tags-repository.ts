/**
 * Reads and writes of `tags` and `voice_note_tags` (migration 0024). Every statement names the
 * owner: another user's tag or note ids match nothing.
 */
import type { Db } from '../db/database.ts';
import type { TagRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

export interface CountedTag {
  id: string;
  name: string;
  count: number;
}

/** The owner's tags by name (case-insensitive), each with how many notes carry it. */
export async function listTags(db: Db, userId: string): Promise<CountedTag[]> {
  const rows = await db
    .selectFrom('tags')
    .leftJoin('voice_note_tags', 'voice_note_tags.tag_id', 'tags.id')
    .select([
      'tags.id',
      'tags.name',
      'tags.name_key',
      (eb) => eb.fn.count<string>('voice_note_tags.id').as('count'),
    ])
    .where('tags.user_id', '=', userId)
    .groupBy(['tags.id', 'tags.name', 'tags.name_key'])
    .orderBy('tags.name_key')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

export async function findTag(db: Db, userId: string, id: string): Promise<CountedTag | undefined> {
  const row = await db
    .selectFrom('tags')
    .select((eb) => [
      'tags.id',
      'tags.name',
      eb
        .selectFrom('voice_note_tags')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('voice_note_tags.tag_id', '=', 'tags.id')
        .as('count'),
    ])
    .where('tags.user_id', '=', userId)
    .where('tags.id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, count: Number(row.count ?? 0) } : undefined;
}

export async function findTagByKey(db: Db, userId: string, nameKey: string): Promise<TagRow | undefined> {
  return db
    .selectFrom('tags')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export async function findTagsByKeys(db: Db, userId: string, nameKeys: string[]): Promise<TagRow[]> {
  if (nameKeys.length === 0) return [];
  return db
    .selectFrom('tags')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name_key', 'in', nameKeys)
    .execute();
}

export async function findTagsByIds(db: Db, userId: string, ids: string[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('tags').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export async function countTags(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('tags')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes the tags that do not exist yet; one made meanwhile by another request is left as it is. */
export async function insertMissingTags(
  db: Db,
  userId: string,
  tags: { name: string; nameKey: string }[],
  now: number,
): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insertInto('tags')
    .values(
      tags.map((tag) => ({
        id: newId(now),
        user_id: userId,
        name: tag.name,
        name_key: tag.nameKey,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
    .execute();
}

/** Makes the note carry exactly `tagIds` (all the owner's). */
export async function replaceNoteTagLinks(
  db: Db,
  userId: string,
  noteId: string,
  tagIds: string[],
  now: number,
): Promise<void> {
  let removal = db.deleteFrom('voice_note_tags').where('user_id', '=', userId).where('note_id', '=', noteId);
  if (tagIds.length > 0) removal = removal.where('tag_id', 'not in', tagIds);
  await removal.execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('voice_note_tags')
    .values(
      tagIds.map((tagId) => ({
        id: newId(now),
        user_id: userId,
        note_id: noteId,
        tag_id: tagId,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['note_id', 'tag_id']).doNothing())
    .execute();
}

/** Each note's tag names, sorted whatever their case; notes without tags are absent. */
export async function tagsOfNotes(db: Db, userId: string, noteIds: string[]): Promise<Map<string, string[]>> {
  const byNote = new Map<string, string[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .selectFrom('voice_note_tags')
    .innerJoin('tags', 'tags.id', 'voice_note_tags.tag_id')
    .select(['voice_note_tags.note_id', 'tags.name'])
    .where('voice_note_tags.user_id', '=', userId)
    .where('voice_note_tags.note_id', 'in', noteIds)
    .orderBy('tags.name_key')
    .execute();
  for (const row of rows) {
    const names = byNote.get(row.note_id);
    if (names) names.push(row.name);
    else byNote.set(row.note_id, [row.name]);
  }
  return byNote;
}

export async function tagsOfNote(db: Db, userId: string, noteId: string): Promise<string[]> {
  return (await tagsOfNotes(db, userId, [noteId])).get(noteId) ?? [];
}

/** False when the tag is not the owner's (or is gone). A taken name throws a unique violation. */
export async function renameTag(
  db: Db,
  userId: string,
  id: string,
  name: { name: string; nameKey: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('tags')
    .set({ name: name.name, name_key: name.nameKey, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Moves the notes of tag `fromId` to tag `intoId` (both the owner's) and deletes `fromId`; a note
 * carrying both keeps one link. Run it in a transaction.
 */
export async function moveTagLinks(
  db: Db,
  userId: string,
  fromId: string,
  intoId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('voice_note_tags')
    .set({ tag_id: intoId })
    .where('user_id', '=', userId)
    .where('tag_id', '=', fromId)
    .where(
      'note_id',
      'not in',
      db.selectFrom('voice_note_tags as kept').select('kept.note_id').where('kept.tag_id', '=', intoId),
    )
    .execute();
  await deleteTag(db, userId, fromId);
  await db
    .updateTable('tags')
    .set({ updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', intoId)
    .execute();
}

/** Deletes the tag and, with it, its place on every note. False when it is not the owner's. */
export async function deleteTag(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('tags')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
