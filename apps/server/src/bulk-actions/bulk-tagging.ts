/**
 * Bulk `tag` and `untag` (issue 22), NOT WIRED YET: tags are built on another branch (tables
 * `tags` and `voice_note_tags`, migration 0024). This is the whole of what the bulk endpoint
 * needs from them, as a port the tags module implements at merge; until then `tag` and `untag`
 * are not among BULK_ACTIONS, so no request can reach this (ADR 0046 lists the wiring steps).
 */
import type { Db } from '../db/database.ts';
import type { FailedId } from './bulk-problems.ts';

/** What the tags module offers the bulk endpoint; every call runs inside the bulk transaction. */
export interface NoteTagWriter {
  /**
   * Adds each of `names` (created for the owner when new) to each note. Answers the notes, by
   * their place in `noteIds`, that cannot take them (e.g. too many tags on a note), in words.
   */
  addTags(
    trx: Db,
    ownerId: string,
    noteIds: readonly string[],
    names: readonly string[],
  ): Promise<FailedId[]>;
  /** Removes each of `names` from each note; a note without one of them is left as it is. */
  removeTags(trx: Db, ownerId: string, noteIds: readonly string[], names: readonly string[]): Promise<void>;
}

/** A refusal by the tag writer rolls the whole action back, as any failing id does. */
export class TaggingRefused extends Error {
  constructor(readonly failures: FailedId[]) {
    super('tagging refused');
  }
}

/** Tags or untags the (already checked) notes inside `trx`. */
export async function tagNotes(
  trx: Db,
  writer: NoteTagWriter,
  ownerId: string,
  action: 'tag' | 'untag',
  noteIds: readonly string[],
  names: readonly string[],
): Promise<void> {
  if (action === 'untag') return writer.removeTags(trx, ownerId, noteIds, names);
  const failures = await writer.addTags(trx, ownerId, noteIds, names);
  if (failures.length > 0) throw new TaggingRefused(failures);
}
