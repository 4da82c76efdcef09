/**
 * Which of many notes carry which tags, for the bulk `tag` and `untag` (ADR 0046) and for
 * keeping a deleted note's tags until it is restored. Every statement names the owner and reads
 * or writes at most ID_CHUNK notes at a time.
 */
import type { Db } from '../db/database.ts';
import { chunks, ID_CHUNK } from '../lib/chunks.ts';
import { newId } from '../lib/ids.ts';

export interface NoteTagLink {
  noteId: string;
  tagId: string;
  name: string;
  nameKey: string;
}

/** Links inserted per statement: five columns each. */
const LINK_INSERT_CHUNK = 500;

/** Every tag the owner's notes among `noteIds` carry. */
export async function linksOfNotes(
  db: Db,
  ownerId: string,
  noteIds: readonly string[],
): Promise<NoteTagLink[]> {
  const links: NoteTagLink[] = [];
  for (const part of chunks(noteIds)) {
    const rows = await db
      .selectFrom('voice_note_tags')
      .innerJoin('tags', 'tags.id', 'voice_note_tags.tag_id')
      .select(['voice_note_tags.note_id', 'voice_note_tags.tag_id', 'tags.name', 'tags.name_key'])
      .where('voice_note_tags.user_id', '=', ownerId)
      .where('voice_note_tags.note_id', 'in', part)
      .orderBy('tags.name_key')
      .execute();
    for (const row of rows) {
      links.push({ noteId: row.note_id, tagId: row.tag_id, name: row.name, nameKey: row.name_key });
    }
  }
  return links;
}

/** Adds the links (note, tag), all the owner's; one there already is left as it is. */
export async function insertLinks(
  db: Db,
  ownerId: string,
  links: readonly { noteId: string; tagId: string }[],
  now: number,
): Promise<void> {
  for (const part of chunks(links, LINK_INSERT_CHUNK)) {
    await db
      .insertInto('voice_note_tags')
      .values(
        part.map((link) => ({
          id: newId(now),
          user_id: ownerId,
          note_id: link.noteId,
          tag_id: link.tagId,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['note_id', 'tag_id']).doNothing())
      .execute();
  }
}

/** Takes the tags `tagIds` off the owner's notes among `noteIds`; answers the notes that had one. */
export async function deleteLinks(
  db: Db,
  ownerId: string,
  noteIds: readonly string[],
  tagIds: readonly string[],
): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const changed = new Set<string>();
  for (const part of chunks(noteIds, ID_CHUNK)) {
    const rows = await db
      .deleteFrom('voice_note_tags')
      .where('user_id', '=', ownerId)
      .where('note_id', 'in', part)
      .where('tag_id', 'in', [...tagIds])
      .returning('note_id')
      .execute();
    for (const row of rows) changed.add(row.note_id);
  }
  return [...changed];
}
