import { z } from 'zod';

/**
 * Where a person's adaptation stands (GET /api/v1/adaptation/, ADR 0038):
 * none (never built), queued, running, ready (the last build succeeded) or failed (the last
 * build failed; a model built before it is still used, as `language_model.ready` says).
 */
export const adaptationStatusSchema = z.enum(['none', 'queued', 'running', 'ready', 'failed']);
export type AdaptationStatus = z.infer<typeof adaptationStatusSchema>;

export const adaptationStateSchema = z.object({
  status: adaptationStatusSchema,
  /** Seconds of corrected or confirmed recordings the current model learnt from. */
  corrected_seconds: z.number(),
  /** Notes whose text the current model learnt from. */
  notes_used: z.number().int(),
  /** Words of the person's vocabulary in the current model. */
  vocabulary_words: z.number().int(),
  language_model: z.object({ ready: z.boolean(), built_at: z.string().nullable() }),
  acoustic_model: z.object({
    ready: z.boolean(),
    built_at: z.string().nullable(),
    /** Seconds of the person's voice the acoustic model was adapted on. */
    seconds: z.number(),
  }),
  updated_at: z.string().nullable(),
  /** Why the last build failed, in words a person understands; null unless status is failed. */
  error: z.string().nullable(),
});
export type AdaptationState = z.infer<typeof adaptationStateSchema>;
