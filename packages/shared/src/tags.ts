import { z } from 'zod';
import { TAG_LIMITS } from './limits.ts';

/**
 * A person's tags (ADR 0045): labels on voice notes across all their pads. A name is trimmed,
 * 1-50 characters, and unique per person whatever its case; the first casing given is kept.
 * `PATCH pad/{id}/voicenote/{vid}/ {"tags": [...]}` replaces a note's set; `/api/v1/tags/` lists,
 * renames, merges and deletes them.
 */
export { TAG_LIMITS };

/** Error codes only the tag endpoints give, beside the shared API_ERROR_CODES. */
export const TAG_ERROR_CODES = {
  /** 409: another tag has this name already (rename with `merge: true` to join them). */
  tagExists: 'tag_exists',
  /** 400: more tags on one note than TAGS_MAX_PER_NOTE. */
  tooManyTagsOnNote: 'too_many_tags_on_note',
  /** 409: the account keeps TAGS_MAX_PER_USER tags already. */
  tagLimitReached: 'tag_limit_reached',
} as const;

/** The key a name is unique by: trimmed, Unicode-normalised and case-folded. */
export function tagNameKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase();
}

export const tagNameSchema = z
  .string({ error: 'A tag must be text.' })
  .trim()
  .min(1, 'A tag needs at least one character.')
  .max(TAG_LIMITS.nameMax, `A tag can be at most ${TAG_LIMITS.nameMax} characters.`);

/** A note's tags as a PATCH sends them: names, the whole set (an empty list removes them all). */
export const noteTagsInputSchema = z
  .array(tagNameSchema, { error: 'Send the tags as a list of names, e.g. ["work", "ideas"].' })
  .max(TAG_LIMITS.perRequestMax, `Send at most ${TAG_LIMITS.perRequestMax} tags.`);

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The voice notes carrying it. */
  count: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

/** `GET /api/v1/tags/`: by name, whatever the case. */
export const tagListSchema = z.object({ tags: z.array(tagSchema) });
export type TagList = z.infer<typeof tagListSchema>;

/**
 * `PATCH /api/v1/tags/{id}/`: renames. A name another tag has answers 409 `tag_exists`, unless
 * `merge` is true: then this tag's notes join that one, and this tag is gone.
 */
export const renameTagSchema = z.object({
  name: tagNameSchema,
  merge: z.boolean({ error: 'merge must be true or false.' }).optional(),
});
export type RenameTagInput = z.input<typeof renameTagSchema>;

/** `POST /api/v1/tags/{id}/merge/`: this tag's notes join `into`, and this tag is gone. */
export const mergeTagSchema = z.object({
  into: z
    .string({ error: 'Name the tag to merge into (its id) in "into".' })
    .min(1, 'Name the tag to merge into (its id) in "into".')
    .max(64, 'This is not a tag id.'),
});
export type MergeTagInput = z.input<typeof mergeTagSchema>;
