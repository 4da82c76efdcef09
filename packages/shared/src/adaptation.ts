import { z } from 'zod';

/**
 * Where a person's adaptation stands (GET /api/v1/adaptation/, ADR 0038):
 * none (never built), queued, running, ready (the last build succeeded) or failed (the last
 * build failed; a model built before it is still used, as `language_model.ready` says).
 */
export const adaptationStatusSchema = z.enum(['none', 'queued', 'running', 'ready', 'failed']);
export type AdaptationStatus = z.infer<typeof adaptationStatusSchema>;

/**
 * How much the current build helps (ADR 0043), measured on some of the person's own reviewed
 * notes that a second build, made the same way, did not learn from: the share of words wrong
 * with the standard model and with that build (0.21 = 21 words in 100).
 */
export const adaptationGainSchema = z.object({
  wer_before: z.number().min(0),
  wer_after: z.number().min(0),
  /** Held-out notes measured. */
  notes: z.number().int().min(1),
  /** Seconds of their recordings. */
  seconds: z.number().min(0),
});
export type AdaptationGain = z.infer<typeof adaptationGainSchema>;

export const voiceProfileSummarySchema = z.object({
  /** Notes the profile learnt from. */
  notes: z.number().int().min(1),
  /** Seconds of the person's speech in it. */
  seconds: z.number().min(0),
  /** Whether it holds enough speech to recognise the person yet. */
  recognises: z.boolean(),
  updated_at: z.string(),
});
export type VoiceProfileSummary = z.infer<typeof voiceProfileSummarySchema>;

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
  /** The current build's gain on held-out notes; null when it was not measured. */
  gain: adaptationGainSchema.nullable(),
  /** Reviewed notes (with a recording) needed before a build's gain is measured. */
  gain_min_notes: z.number().int().min(1),
  /**
   * The person's voice as learnt from their corrected notes, used to name them "You" in
   * notes with several speakers (ADR 0058); null when nothing was learnt (or it was forgotten).
   */
  voice_profile: voiceProfileSummarySchema.nullable(),
});
export type AdaptationState = z.infer<typeof adaptationStateSchema>;
