/**
 * The one way a note's tags are set (ADR 0045): the names given become the note's whole set,
 * tags not seen before are made (the first casing given is kept), within both limits.
 */
import type { Db } from '../db/database.ts';
import { distinctTagNames } from './tag-names.ts';
import { tagLimitReached, tooManyTagsOnNote } from './tags-problems.ts';
import { countTags, findTagsByKeys, insertMissingTags, replaceNoteTagLinks } from './tags-repository.ts';

export interface TagLimits {
  /** TAGS_MAX_PER_NOTE */
  maxPerNote: number;
  /** TAGS_MAX_PER_USER */
  maxPerUser: number;
}

/** Refuses more tags than one note may carry, before anything is written. */
export function checkNoteTagCount(names: readonly string[], limits: TagLimits): void {
  if (distinctTagNames(names).length > limits.maxPerNote) throw tooManyTagsOnNote(limits.maxPerNote);
}

/**
 * Replaces the tags of the owner's note `noteId`, which the caller has found (inside the same
 * transaction, so the note cannot go in between).
 */
export async function setNoteTags(
  db: Db,
  limits: TagLimits,
  note: { ownerId: string; noteId: string },
  names: readonly string[],
  now: number,
): Promise<void> {
  checkNoteTagCount(names, limits);
  const wanted = distinctTagNames(names);
  const keys = wanted.map((tag) => tag.nameKey);
  const existing = await findTagsByKeys(db, note.ownerId, keys);
  const known = new Set(existing.map((tag) => tag.name_key));
  const missing = wanted.filter((tag) => !known.has(tag.nameKey));
  if (missing.length > 0) {
    if ((await countTags(db, note.ownerId)) + missing.length > limits.maxPerUser) {
      throw tagLimitReached(limits.maxPerUser);
    }
    await insertMissingTags(db, note.ownerId, missing, now);
  }
  const tags = missing.length > 0 ? await findTagsByKeys(db, note.ownerId, keys) : existing;
  await replaceNoteTagLinks(
    db,
    note.ownerId,
    note.noteId,
    tags.map((tag) => tag.id),
    now,
  );
}
