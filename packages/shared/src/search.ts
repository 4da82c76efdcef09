import { z } from 'zod';
import { padSchema } from './pads.ts';
import { pageSchema } from './pagination.ts';
import { voiceNoteStatusSchema } from './voice-notes.ts';
import { SEARCH_LIMITS } from './limits.ts';

/**
 * Full-text search: `GET /api/v1/search/pad/?q=` and `GET /api/v1/search/voicenote/?q=`.
 * Words are matched by stem ("meetings" finds "meeting"), all words must match, the last
 * word also matches as a prefix so results follow typing, and "double quotes" match a
 * phrase. Results come best match first, `limit` at a time, with `next`/`previous` cursors.
 * Voice-note search also takes the note filters of note-filters.ts (ADR 0045).
 */
export { SEARCH_LIMITS };

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type what to search for in the q parameter.' })
    .max(SEARCH_LIMITS.queryMax, `A search can be at most ${SEARCH_LIMITS.queryMax} characters.`)
    .refine((q) => q.trim().length > 0, 'Type what to search for in the q parameter.'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int()
    .min(1, 'The limit must be at least 1.')
    .max(SEARCH_LIMITS.pageSizeMax, `The limit can be at most ${SEARCH_LIMITS.pageSizeMax}.`)
    .optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * Matches inside `text` as `[start, end)` offsets in UTF-16 code units, the way
 * `String.prototype.slice` counts, in order and never overlapping. Text is plain text:
 * render it escaped and wrap the ranges (for example in `<mark>`).
 */
export const highlightRangeSchema = z.tuple([z.number().int(), z.number().int()]);
export type HighlightRange = z.infer<typeof highlightRangeSchema>;

export const highlightedTextSchema = z.object({
  text: z.string(),
  highlights: z.array(highlightRangeSchema),
});
export type HighlightedText = z.infer<typeof highlightedTextSchema>;

export const padSearchHitSchema = z.object({
  pad: padSchema,
  /** The whole name, with its matches. */
  name: highlightedTextSchema,
  /**
   * An excerpt of the description around its first match (or its beginning when only the
   * name matched), cut at word boundaries and marked with "…"; null when it is empty.
   */
  snippet: highlightedTextSchema.nullable(),
  /** Higher is better; only comparable within one search. */
  score: z.number(),
});
export type PadSearchHit = z.infer<typeof padSearchHitSchema>;

export const voiceNoteSearchNoteSchema = z.object({
  id: z.string(),
  pad_id: z.string(),
  pad_name: z.string(),
  title: z.string(),
  status: voiceNoteStatusSchema,
  duration_seconds: z.number().nullable(),
  audio_url: z.string(),
  created_at: z.string(),
  /** By name, whatever the case (ADR 0045). */
  tags: z.array(z.string()).default([]),
});
export type VoiceNoteSearchNote = z.infer<typeof voiceNoteSearchNoteSchema>;

export const voiceNoteSearchHitSchema = z.object({
  voice_note: voiceNoteSearchNoteSchema,
  /** The whole title, with its matches. */
  title: highlightedTextSchema,
  /** An excerpt of the transcript around its first match; null when there is no transcript. */
  snippet: highlightedTextSchema.nullable(),
  /**
   * Seconds into the audio where the first matched word is spoken, from the transcript's
   * word timings; null when only the title matched or the matched words were typed in by
   * hand rather than heard.
   */
  time: z.number().nullable(),
  /** Who says the first matched word (a speaker's name, ADR 0053); null without speakers. */
  speaker: z.string().nullable().optional(),
  /** Higher is better; only comparable within one search. */
  score: z.number(),
});
export type VoiceNoteSearchHit = z.infer<typeof voiceNoteSearchHitSchema>;

export const padSearchPageSchema = pageSchema(padSearchHitSchema);
export const voiceNoteSearchPageSchema = pageSchema(voiceNoteSearchHitSchema);
