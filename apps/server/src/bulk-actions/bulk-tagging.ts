/**
 * Bulk `tag` and `untag` (issue 22, ADR 0046). This is the whole of what the bulk endpoint
 * needs from tags, as a port: the tags module implements it (tags/bulk-note-tags.ts) without
 * importing this folder, and the app hands it in where the routes are registered.
 */
import type { Db } from '../db/database.ts';
import { type FailedId, refused } from './bulk-problems.ts';

/** What the tags module offers the bulk endpoint; every call runs inside the bulk transaction. */
export interface NoteTagWriter {
  /**
   * Adds each of `names` (created for the owner when new) to each note. Answers the notes, by
   * their place in `noteIds`, that cannot take them (e.g. too many tags on a note), in words,
   * and otherwise the notes that gained a tag.
   */
  addTags(
    trx: Db,
    ownerId: string,
    noteIds: readonly string[],
    names: readonly string[],
    now: number,
  ): Promise<{ refused: FailedId[]; changed: string[] }>;
  /**
   * Removes each of `names` from each note; a note without one of them is left as it is.
   * Answers the notes that lost a tag.
   */
  removeTags(
    trx: Db,
    ownerId: string,
    noteIds: readonly string[],
    names: readonly string[],
  ): Promise<{ changed: string[] }>;
}

/**
 * Tags or untags the (already checked) notes inside `trx` and answers the ids of the notes that
 * changed. A refusal by the writer is thrown as the bulk refusal, so the transaction rolls back
 * and the whole action with it, as for any failing id.
 */
export async function tagNotes(
  trx: Db,
  writer: NoteTagWriter,
  ownerId: string,
  action: 'tag' | 'untag',
  noteIds: readonly string[],
  names: readonly string[],
  now: number,
): Promise<string[]> {
  if (action === 'untag') return (await writer.removeTags(trx, ownerId, noteIds, names)).changed;
  const outcome = await writer.addTags(trx, ownerId, noteIds, names, now);
  if (outcome.refused.length > 0) throw refused(outcome.refused);
  return outcome.changed;
}
