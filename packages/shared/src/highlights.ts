import { z } from 'zod';
import { pageSchema } from './pagination.ts';
import { highlightedTextSchema, voiceNoteSearchNoteSchema } from './search.ts';

/**
 * Highlights on a voice note (ADR 0054): a moment (`end` null, marked while recording) or a
 * range of it (chosen by selecting words), each with a label and an optional comment.
 * `GET/POST /api/v1/pad/{id}/voicenote/{vid}/highlights/`, `PATCH/DELETE .../highlights/{hid}/`;
 * `GET /api/v1/search/highlight/?q=` finds them by label and comment.
 */
export const HIGHLIGHT_LIMITS = {
  labelMax: 80,
  commentMax: 2000,
  /** Most highlights one note keeps: bounds the jump list and the work of one export. */
  perNote: 200,
} as const;

/** Error codes only the highlight endpoints give, beside the shared API_ERROR_CODES. */
export const HIGHLIGHT_ERROR_CODES = {
  /** 409: the note has HIGHLIGHT_LIMITS.perNote highlights already. */
  highlightLimitReached: 'highlight_limit_reached',
} as const;

/** The label the recorder gives the n-th mark (1-based) when the person typed none. */
export function defaultHighlightLabel(n: number): string {
  return `Highlight ${n}`;
}

const labelSchema = z
  .string({ error: 'A label must be text.' })
  .trim()
  .min(1, 'Give the highlight a label of at least one character.')
  .max(HIGHLIGHT_LIMITS.labelMax, `A label can be at most ${HIGHLIGHT_LIMITS.labelMax} characters.`);

const commentSchema = z
  .string({ error: 'A comment must be text.' })
  .trim()
  .max(HIGHLIGHT_LIMITS.commentMax, `A comment can be at most ${HIGHLIGHT_LIMITS.commentMax} characters.`);

const secondsSchema = (what: string) =>
  z
    .number({ error: `The ${what} must be a number of seconds.` })
    .finite(`The ${what} must be a number of seconds.`)
    .min(0, `The ${what} cannot be before the beginning of the note (0 seconds).`);

/** `POST .../highlights/`: `end` left out or null marks a moment. */
export const createHighlightSchema = z.object({
  start: secondsSchema('start'),
  end: secondsSchema('end').nullable().optional(),
  label: labelSchema,
  comment: commentSchema.optional(),
});
export type CreateHighlightInput = z.input<typeof createHighlightSchema>;

/** `PATCH .../highlights/{hid}/`: only what is sent changes; `end: null` makes it a moment. */
export const updateHighlightSchema = z
  .object({
    start: secondsSchema('start').optional(),
    end: secondsSchema('end').nullable().optional(),
    label: labelSchema.optional(),
    comment: commentSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Send at least one of start, end, label or comment to change.',
  });
export type UpdateHighlightInput = z.input<typeof updateHighlightSchema>;

export const highlightSchema = z.object({
  id: z.string(),
  note_id: z.string(),
  /** Seconds into the recording. */
  start: z.number(),
  /** Seconds into the recording; null for a moment. */
  end: z.number().nullable(),
  label: z.string(),
  /** Empty when there is none. */
  comment: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Highlight = z.infer<typeof highlightSchema>;

/** A note's highlights, earliest in the recording first. */
export const highlightListSchema = z.object({ results: z.array(highlightSchema) });
export type HighlightList = z.infer<typeof highlightListSchema>;

/** One highlight found by `GET /api/v1/search/highlight/?q=`. */
export const highlightSearchHitSchema = z.object({
  highlight: highlightSchema,
  voice_note: voiceNoteSearchNoteSchema,
  /** The whole label, with its matches. */
  label: highlightedTextSchema,
  /** The whole comment, with its matches; null when it is empty. */
  comment: highlightedTextSchema.nullable(),
  /** Where the result link jumps: the highlight's start, in seconds. */
  time: z.number(),
});
export type HighlightSearchHit = z.infer<typeof highlightSearchHitSchema>;

/** Where a note's highlights are listed and added. */
export function highlightsPath(padId: string, noteId: string): string {
  return `/api/v1/pad/${padId}/voicenote/${noteId}/highlights/`;
}

/** Where one highlight is changed or deleted. */
export function highlightPath(padId: string, noteId: string, highlightId: string): string {
  return `${highlightsPath(padId, noteId)}${highlightId}/`;
}

export const highlightSearchPageSchema = pageSchema(highlightSearchHitSchema);
