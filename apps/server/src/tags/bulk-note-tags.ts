/**
 * Adding and removing tags on many of a person's notes at once, for the bulk `tag` and `untag`
 * (ADR 0046). It has the shape of the bulk endpoint's `NoteTagWriter` without importing it: the
 * app hands it to the bulk actions. Every call runs inside the caller's transaction, on notes
 * the caller has checked are the owner's.
 */
import { TAG_ERROR_CODES } from '@voxpad/shared/tags';
import type { Db } from '../db/database.ts';
import { ensureTags } from './ensure-tags.ts';
import { checkNoteTagCount, type TagLimits } from './note-tags.ts';
import { deleteLinks, insertLinks, linksOfNotes } from './tag-links-repository.ts';
import { distinctTagNames } from './tag-names.ts';
import { findTagsByKeys } from './tags-repository.ts';

/** A note, by its place in the ids given, that cannot take the tags, and why. */
export interface RefusedNote {
  index: number;
  code: string;
  message: string;
}

const overNoteLimit = (index: number, has: number, adding: number, max: number): RefusedNote => ({
  index,
  code: TAG_ERROR_CODES.tooManyTagsOnNote,
  message:
    `This voice note has ${has} ${has === 1 ? 'tag' : 'tags'}; ${adding} more would take it past ${max}, ` +
    'the most one voice note can have. Remove some of its tags first, or leave it out.',
});

export function bulkNoteTags(limits: TagLimits) {
  return {
    /**
     * Adds each of `names` to each note, making the tags not seen before. Answers the notes that
     * would carry more than TAGS_MAX_PER_NOTE (then nothing is written), else the notes that
     * gained a tag. Throws the PATCH's problems when the names alone are too many for one note
     * or the account cannot keep the new tags.
     */
    async addTags(
      trx: Db,
      ownerId: string,
      noteIds: readonly string[],
      names: readonly string[],
      now: number,
    ): Promise<{ refused: RefusedNote[]; changed: string[] }> {
      checkNoteTagCount(names, limits);
      const wanted = distinctTagNames(names);
      const carried = new Map<string, Set<string>>();
      for (const link of await linksOfNotes(trx, ownerId, noteIds)) {
        const keys = carried.get(link.noteId) ?? new Set<string>();
        keys.add(link.nameKey);
        carried.set(link.noteId, keys);
      }
      const refused: RefusedNote[] = [];
      const adding = noteIds.map((noteId, index) => {
        const keys = carried.get(noteId) ?? new Set<string>();
        const missing = wanted.filter((tag) => !keys.has(tag.nameKey));
        if (keys.size + missing.length > limits.maxPerNote) {
          refused.push(overNoteLimit(index, keys.size, missing.length, limits.maxPerNote));
        }
        return { noteId, missing };
      });
      if (refused.length > 0) return { refused, changed: [] };

      const tags = await ensureTags(trx, ownerId, wanted, limits.maxPerUser, now);
      const idOf = new Map(tags.map((tag) => [tag.name_key, tag.id]));
      const links = adding.flatMap(({ noteId, missing }) =>
        missing.flatMap((tag) => {
          const tagId = idOf.get(tag.nameKey);
          return tagId === undefined ? [] : [{ noteId, tagId }];
        }),
      );
      await insertLinks(trx, ownerId, links, now);
      const changed = adding.filter((note) => note.missing.length > 0).map((note) => note.noteId);
      return { refused: [], changed };
    },

    /**
     * Takes each of `names` off each note; a note without them, or a name that is no tag of the
     * owner's, is left as it is. Tags left on no note are kept, as a PATCH keeps them. Answers
     * the notes that lost a tag.
     */
    async removeTags(
      trx: Db,
      ownerId: string,
      noteIds: readonly string[],
      names: readonly string[],
    ): Promise<{ changed: string[] }> {
      const keys = distinctTagNames(names).map((tag) => tag.nameKey);
      const tags = await findTagsByKeys(trx, ownerId, keys);
      const changed = await deleteLinks(
        trx,
        ownerId,
        noteIds,
        tags.map((tag) => tag.id),
      );
      return { changed };
    },
  };
}
