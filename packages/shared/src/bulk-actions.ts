/**
 * POST /api/v1/voicenote/bulk/ (ADR 0046): one action on many of a person's voice notes, all or
 * nothing. A refusal names each failing id as `ids[i]`, its place in the request.
 */
import { z } from 'zod';
import { noteTagsInputSchema } from './tags.ts';
import { transcribeRequestSchema } from './transcripts.ts';

/**
 * `restore` brings back notes a `delete` took, within the undo window; `tag` and `untag` add
 * and remove the names in `tags` (ADR 0046).
 */
export const BULK_ACTIONS = ['move', 'tag', 'untag', 'retranscribe', 'delete', 'restore'] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

export const BULK_LIMITS = {
  /** Ids one request may name unless the server is configured otherwise (BULK_MAX_IDS). */
  maxIdsDefault: 500,
  /** No configuration goes above this; the schema refuses more before anything is read. */
  maxIdsCeiling: 5000,
  /** Minutes a bulk delete can be undone unless configured otherwise (BULK_UNDO_MINUTES). */
  undoMinutesDefault: 10,
} as const;

/** How a refusal names the id at place `index` of the request. */
export const bulkIdParam = (index: number) => `ids[${index}]`;

export const bulkActionRequestSchema = z
  .object({
    ids: z
      .array(
        z
          .string({ error: 'Each id must be text.' })
          .min(1, 'An id cannot be empty.')
          .max(64, 'This is not the id of a voice note.'),
        { error: 'Send the ids of the voice notes as a list.' },
      )
      .min(1, 'Select at least one voice note.')
      .max(BULK_LIMITS.maxIdsCeiling, `Select at most ${BULK_LIMITS.maxIdsCeiling} voice notes at a time.`),
    action: z.enum(BULK_ACTIONS, {
      error: `Choose what to do: ${BULK_ACTIONS.join(', ')}.`,
    }),
    /** move: the owner's pad the notes go to. */
    pad_id: z.string({ error: 'Name the pad as text.' }).min(1).max(64).optional(),
    /** tag, untag: the names to add or remove, as a note's PATCH sends them (at least one). */
    tags: noteTagsInputSchema.optional(),
    /** retranscribe: as one note's transcribe/. */
    engine: transcribeRequestSchema.shape.engine,
    language: transcribeRequestSchema.shape.language,
  })
  .superRefine((input, ctx) => {
    const firstAt = new Map<string, number>();
    input.ids.forEach((id, index) => {
      const first = firstAt.get(id);
      if (first === undefined) {
        firstAt.set(id, index);
        return;
      }
      ctx.addIssue({
        code: 'custom',
        path: ['ids', index],
        message: `This voice note is listed twice (first as ${bulkIdParam(first)}). List each one once.`,
      });
    });
    if (input.action === 'move' && input.pad_id === undefined) {
      ctx.addIssue({
        code: 'invalid_type',
        expected: 'string',
        input: undefined,
        path: ['pad_id'],
        message: 'Choose the pad to move the voice notes to.',
      });
    }
    if ((input.action === 'tag' || input.action === 'untag') && (input.tags ?? []).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['tags'],
        message:
          input.action === 'tag'
            ? 'Name the tag to add to the voice notes, e.g. "tags": ["work"].'
            : 'Name the tag to remove from the voice notes, e.g. "tags": ["work"].',
      });
    }
  });
export type BulkActionRequest = z.input<typeof bulkActionRequestSchema>;

export const bulkMoveResultSchema = z.object({
  action: z.literal('move'),
  moved: z.number().int(),
  pad_id: z.string(),
});

export const bulkTagResultSchema = z.object({
  action: z.literal('tag'),
  /** Notes that gained a tag; the others of the selection carried every one already. */
  tagged: z.number().int(),
});

export const bulkUntagResultSchema = z.object({
  action: z.literal('untag'),
  /** Notes that lost a tag; the others of the selection carried none of them. */
  untagged: z.number().int(),
});

/** 202, as pad/{id}/retranscribe/ answers, with the same counts. */
export const bulkRetranscribeResultSchema = z.object({
  action: z.literal('retranscribe'),
  queued: z.number().int(),
  skipped: z.number().int(),
  already_transcribing: z.number().int(),
  without_audio: z.number().int(),
});

export const bulkDeleteResultSchema = z.object({
  action: z.literal('delete'),
  deleted: z.number().int(),
  /** Until then `restore` with the same ids brings them back; after it they are gone for good. */
  restorable_until: z.string(),
});

export const bulkRestoreResultSchema = z.object({
  action: z.literal('restore'),
  restored: z.number().int(),
});

export const bulkActionResultSchema = z.discriminatedUnion('action', [
  bulkMoveResultSchema,
  bulkTagResultSchema,
  bulkUntagResultSchema,
  bulkRetranscribeResultSchema,
  bulkDeleteResultSchema,
  bulkRestoreResultSchema,
]);
export type BulkActionResult = z.infer<typeof bulkActionResultSchema>;

/** Error codes only the bulk endpoint gives, beside the shared API_ERROR_CODES. */
export const BULK_ERROR_CODES = {
  /** More ids than BULK_MAX_IDS. */
  tooManyIds: 'too_many_ids',
  /** restore: the note was not deleted within the undo window (or never, or not by this person). */
  notRestorable: 'not_restorable',
  /** restore: the pad the note was in has been deleted since. */
  padGone: 'pad_gone',
  /** The notes changed between the checks and the write; nothing was changed, sending it again will do. */
  changedMeanwhile: 'changed_meanwhile',
} as const;
