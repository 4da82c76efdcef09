/**
 * Renaming, merging and deleting a person's tags (ADR 0045). A name is unique per person
 * whatever its case; renaming onto another tag's name is refused unless asked to merge.
 */
import { tagNameKey, type RenameTagInput, type Tag } from '@voxpad/shared/tags';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/database-errors.ts';
import { mergeIntoItself, mergeTargetNotFound, tagExists, tagNotFound } from './tags-problems.ts';
import { deleteTag, findTag, findTagByKey, listTags, moveTagLinks, renameTag } from './tags-repository.ts';

export async function listUserTags(db: Db, userId: string): Promise<Tag[]> {
  return listTags(db, userId);
}

export async function renameUserTag(db: Db, userId: string, id: string, input: RenameTagInput): Promise<Tag> {
  const tag = await findTag(db, userId, id);
  if (!tag) throw tagNotFound();
  const name = { name: input.name, nameKey: tagNameKey(input.name) };
  const other = await findTagByKey(db, userId, name.nameKey);
  if (other && other.id !== id) {
    if (input.merge !== true) throw tagExists(other.name);
    return mergeUserTag(db, userId, id, other.id);
  }
  try {
    if (!(await renameTag(db, userId, id, name, Date.now()))) throw tagNotFound();
  } catch (error) {
    // Another request gave that name to a tag in between.
    if (isUniqueViolation(error)) throw tagExists(name.name);
    throw error;
  }
  const renamed = await findTag(db, userId, id);
  if (!renamed) throw tagNotFound();
  return renamed;
}

/** The notes of `id` join `intoId`, and `id` is gone; answers the tag they joined. */
export async function mergeUserTag(db: Db, userId: string, id: string, intoId: string): Promise<Tag> {
  if (!(await findTag(db, userId, id))) throw tagNotFound();
  if (intoId === id) throw mergeIntoItself();
  if (!(await findTag(db, userId, intoId))) throw mergeTargetNotFound();
  await db.transaction().execute((trx) => moveTagLinks(trx, userId, id, intoId, Date.now()));
  const merged = await findTag(db, userId, intoId);
  if (!merged) throw mergeTargetNotFound();
  return merged;
}

export async function deleteUserTag(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteTag(db, userId, id))) throw tagNotFound();
}
