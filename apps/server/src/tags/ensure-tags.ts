/**
 * The owner's tags for a list of names, making the ones not seen before (the first casing given
 * is kept) within the account's limit. A note's PATCH and the bulk `tag` action share it.
 */
import type { Db } from '../db/database.ts';
import type { TagRow } from '../db/schema.ts';
import type { TagName } from './tag-names.ts';
import { tagLimitReached } from './tags-problems.ts';
import { countTags, findTagsByKeys, insertMissingTags } from './tags-repository.ts';

/** Answers the owner's tag of each of `wanted` (distinct names); throws when the account is full. */
export async function ensureTags(
  trx: Db,
  ownerId: string,
  wanted: readonly TagName[],
  maxPerUser: number,
  now: number,
): Promise<TagRow[]> {
  const keys = wanted.map((tag) => tag.nameKey);
  const existing = await findTagsByKeys(trx, ownerId, keys);
  const known = new Set(existing.map((tag) => tag.name_key));
  const missing = wanted.filter((tag) => !known.has(tag.nameKey));
  if (missing.length === 0) return existing;
  if ((await countTags(trx, ownerId)) + missing.length > maxPerUser) throw tagLimitReached(maxPerUser);
  await insertMissingTags(trx, ownerId, missing, now);
  return findTagsByKeys(trx, ownerId, keys);
}
