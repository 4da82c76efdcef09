/**
 * A note's tags kept while the note is in the bulk delete's bin (ADR 0046), and put back when it
 * is restored. Tags are kept by id and name: one renamed meanwhile is found by its id, one
 * deleted and made again by its name; one deleted for good stays off the note, as it is off
 * every other note.
 */
import { tagNameKey } from '@voxpad/shared/tags';
import type { Db } from '../db/database.ts';
import type { TagRow } from '../db/schema.ts';
import { chunks } from '../lib/chunks.ts';
import { insertLinks, linksOfNotes } from './tag-links-repository.ts';
import { findTagsByIds, findTagsByKeys } from './tags-repository.ts';

export type KeptTags = { id: string; name: string }[];

/** The tags of each of the owner's notes among `noteIds` (notes without tags are absent). */
export async function keepNoteTags(
  db: Db,
  ownerId: string,
  noteIds: readonly string[],
): Promise<Map<string, KeptTags>> {
  const kept = new Map<string, KeptTags>();
  for (const link of await linksOfNotes(db, ownerId, noteIds)) {
    const tags = kept.get(link.noteId) ?? [];
    tags.push({ id: link.tagId, name: link.name });
    kept.set(link.noteId, tags);
  }
  return kept;
}

/** Puts each note's kept tags back on it (the notes are the owner's and exist again). */
export async function restoreNoteTags(
  trx: Db,
  ownerId: string,
  notes: readonly { noteId: string; tags: KeptTags }[],
  now: number,
): Promise<void> {
  const all = notes.flatMap((note) => note.tags);
  if (all.length === 0) return;
  const found = await ownersTags(trx, ownerId, all);
  const byId = new Map(found.map((tag) => [tag.id, tag.id]));
  const byKey = new Map(found.map((tag) => [tag.name_key, tag.id]));
  const links = notes.flatMap(({ noteId, tags }) =>
    tags.flatMap((tag) => {
      const tagId = byId.get(tag.id) ?? byKey.get(tagNameKey(tag.name));
      return tagId === undefined ? [] : [{ noteId, tagId }];
    }),
  );
  await insertLinks(trx, ownerId, links, now);
}

/** The owner's tags among `tags`, matched by id or by name. */
async function ownersTags(db: Db, ownerId: string, tags: KeptTags): Promise<TagRow[]> {
  const ids = [...new Set(tags.map((tag) => tag.id))];
  const keys = [...new Set(tags.map((tag) => tagNameKey(tag.name)))];
  const found: TagRow[] = [];
  for (const part of chunks(ids)) found.push(...(await findTagsByIds(db, ownerId, part)));
  for (const part of chunks(keys)) found.push(...(await findTagsByKeys(db, ownerId, part)));
  return found;
}
