/**
 * A voice note's transcription beside the note itself: the job state the transcription
 * endpoints answer (retry, transcribe, progress/, each `state` event of events/), the
 * versions its transcript has had (versions/), and the errors they give.
 */
import { z } from 'zod';
import { transcriptSegmentSchema, voiceNoteStatusSchema } from './voice-notes.ts';

export const transcriptionStateSchema = z.object({
  id: z.string(),
  status: voiceNoteStatusSchema,
  /** 0..1; 1 once done. */
  progress: z.number(),
  /** Transcription attempts so far (a crashed or failed attempt counts). */
  attempts: z.number().int(),
  /** Why transcription failed, in words a person understands; null unless status is failed. */
  failure_reason: z.string().nullable(),
  /** Language a re-transcription asked for; null means the engine's default. */
  language: z.string().nullable(),
  /** Engine a re-transcription asked for; null means the server's default. */
  engine: z.string().nullable(),
  transcript_edited: z.boolean(),
  updated_at: z.string(),
});
export type TranscriptionState = z.infer<typeof transcriptionStateSchema>;

export const TRANSCRIPT_VERSION_SOURCES = ['engine', 'manual'] as const;

export const transcriptVersionSchema = z.object({
  id: z.string(),
  /** `engine` (a transcription) or `manual` (text a person typed). */
  source: z.enum(TRANSCRIPT_VERSION_SOURCES),
  /** The engine and model that made an engine version; null for typed text and older versions. */
  engine: z.string().nullable(),
  model: z.string().nullable(),
  text: z.string(),
  segments: z.array(transcriptSegmentSchema),
  created_at: z.string(),
  /** The note's transcript is this text now. */
  current: z.boolean(),
});
export type TranscriptVersion = z.infer<typeof transcriptVersionSchema>;

/** GET pad/{id}/voicenote/{vid}/versions/: newest first. */
export const transcriptVersionListSchema = z.object({ results: z.array(transcriptVersionSchema) });
export type TranscriptVersionList = z.infer<typeof transcriptVersionListSchema>;

/** Error codes of the transcription endpoints (409s), beside the shared API_ERROR_CODES. */
export const TRANSCRIPT_ERROR_CODES = {
  /** Retry asked of a note whose transcription has not failed. */
  notFailed: 'not_failed',
  /** The note is being transcribed already. */
  busy: 'transcription_in_progress',
  /** An export or a restore asked of a note without a transcript. */
  noTranscript: 'no_transcript',
} as const;
