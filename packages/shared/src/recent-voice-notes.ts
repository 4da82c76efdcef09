import { z } from 'zod';
import { VOICE_NOTE_LIMITS, voiceNoteStatusSchema } from './voice-notes.ts';

/**
 * `GET /api/v1/voicenote/recent/?limit=`: the owner's newest notes across all their pads, narrowed
 * by the note filters of note-filters.ts when any are given.
 */
export const RECENT_VOICE_NOTES_LIMITS = {
  limitDefault: 10,
  limitMax: 50,
  /** Characters of the transcript's beginning a list shows. */
  snippetMax: VOICE_NOTE_LIMITS.snippetMax,
} as const;

export const recentVoiceNotesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(
      RECENT_VOICE_NOTES_LIMITS.limitMax,
      `The limit can be at most ${RECENT_VOICE_NOTES_LIMITS.limitMax}.`,
    )
    .optional(),
});
export type RecentVoiceNotesQuery = z.input<typeof recentVoiceNotesQuerySchema>;

export const recentVoiceNoteSchema = z.object({
  id: z.string(),
  pad_id: z.string(),
  pad_name: z.string(),
  title: z.string(),
  status: voiceNoteStatusSchema,
  duration_seconds: z.number().nullable(),
  /**
   * The transcript's beginning, at most `snippetMax` characters, cut at a word and ended
   * with "…" when there is more; null until there is a transcript.
   */
  snippet: z.string().nullable(),
  created_at: z.string(),
  /** By name, whatever the case (ADR 0045). */
  tags: z.array(z.string()).default([]),
});
export type RecentVoiceNote = z.infer<typeof recentVoiceNoteSchema>;

/** Newest first. */
export const recentVoiceNotesSchema = z.object({ results: z.array(recentVoiceNoteSchema) });
export type RecentVoiceNotes = z.infer<typeof recentVoiceNotesSchema>;
