import { z } from 'zod';

/**
 * Summaries, action items and a suggested title of a voice note, written by a language model the
 * operator configures (LLM_BASE_URL, any OpenAI-compatible chat-completions endpoint; ADR 0052).
 * Each generation is a version: `GET .../summary/` answers the newest, `.../summary/versions/`
 * all of them. Nothing leaves the server unless the operator configured an endpoint.
 */

export const SUMMARY_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

export const SUMMARY_ERROR_CODES = {
  /** 409: the server has no language model endpoint (LLM_BASE_URL is unset); nothing was sent. */
  notConfigured: 'summaries_not_configured',
  /** 409: the note has no transcript yet (still transcribing, failed, or empty). */
  noteNotReady: 'summary_note_not_ready',
  /** 404: the note exists but was never summarised. */
  noSummary: 'summary_not_found',
} as const;

/** Versions kept per note: older ones are removed as new ones come. */
export const SUMMARY_VERSIONS_KEPT = 20;

export const actionItemSchema = z.object({
  text: z.string(),
  /** Seconds into the recording where it was said: the start of one of the note's segments. */
  start: z.number(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;

export const noteSummarySchema = z.object({
  id: z.string(),
  /** queued and running: being written; done: ready; failed: see `error`. */
  status: z.enum(SUMMARY_STATUSES),
  summary: z.string().nullable(),
  action_items: z.array(actionItemSchema),
  /** A title the model suggests for the note; null until done. */
  title: z.string().nullable(),
  /** The model the operator configured for this generation. */
  model: z.string(),
  /** The host (and port) of the endpoint the transcript was sent to. */
  endpoint: z.string(),
  /** Why the generation failed, in words a person understands; null unless failed. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type NoteSummary = z.infer<typeof noteSummarySchema>;

/**
 * The newest version; while it is not done (being written, or failed), `previous_done` is the
 * newest version that is, so a failed or pending generation never hides a summary already made.
 */
export const summaryAnswerSchema = noteSummarySchema.extend({
  previous_done: noteSummarySchema.nullable(),
});
export type SummaryAnswer = z.infer<typeof summaryAnswerSchema>;

export const summaryVersionsSchema = z.object({ results: z.array(noteSummarySchema) });
export type SummaryVersions = z.infer<typeof summaryVersionsSchema>;

/** Whether this server summarises, and with what: shown before anything is sent. */
export const summaryServiceSchema = z.object({
  configured: z.boolean(),
  /** Host (and port) of the endpoint; null when not configured. */
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
});
export type SummaryService = z.infer<typeof summaryServiceSchema>;

/** A pad's summary settings: whether new notes are summarised once transcribed. */
export const padSummarySettingsSchema = z.object({
  auto_summary: z.boolean({ error: 'auto_summary must be true or false.' }),
});
export type PadSummarySettings = z.infer<typeof padSummarySettingsSchema>;
