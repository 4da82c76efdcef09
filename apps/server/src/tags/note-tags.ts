/**
 * A note's whole set of tags, as its PATCH sets it (ADR 0045): the names given become the
 * note's set, tags not seen before are made (ensure-tags.ts), within both limits. The bulk
 * `tag` and `untag` add and remove names on many notes instead (bulk-note-tags.ts).
 */
import type { Db } from '../db/database.ts';
import { ensureTags } from './ensure-tags.ts';
import { distinctTagNames } from './tag-names.ts';
import { tooManyTagsOnNote } from './tags-problems.ts';
import { replaceNoteTagLinks } from './tags-repository.ts';

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
  const tags = await ensureTags(db, note.ownerId, distinctTagNames(names), limits.maxPerUser, now);
  await replaceNoteTagLinks(
    db,
    note.ownerId,
    note.noteId,
    tags.map((tag) => tag.id),
    now,
  );
}
