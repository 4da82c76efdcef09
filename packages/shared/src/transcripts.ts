/**
 * A voice note's transcription beside the note itself: the job state the transcription
 * endpoints answer (retry, transcribe, progress/, each `state` event of events/), what a
 * re-transcription of a note or of a whole pad asks and answers, the versions its transcript
 * has had (versions/), and the errors they give.
 */
import { z } from 'zod';
import { noteSpeakerSchema, speakersHintSchema } from './speakers.ts';
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

/**
 * The body of POST pad/{id}/voicenote/{vid}/transcribe/ and pad/{id}/retranscribe/, both
 * optional: without them the server's engine and the engine's default language.
 */
export const transcribeRequestSchema = z
  .object({
    engine: z.string().min(1).max(40).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'Give the language as a code such as "en" or "en-US".')
      .optional(),
    /** How many people speak ("auto" or 1..8); absent keeps what the note had. */
    speakers: speakersHintSchema.optional(),
  })
  .strict();
export type TranscribeRequest = z.infer<typeof transcribeRequestSchema>;

/**
 * POST pad/{id}/retranscribe/ (202): the pad's notes put back in the queue, and those left as
 * they are (`skipped`: the two kinds below added up). Each queued note's current text stays a
 * version, as with one note's transcribe/.
 */
export const padRetranscriptionSchema = z.object({
  queued: z.number().int(),
  skipped: z.number().int(),
  /** Waiting for or held by a worker already: they finish as they were asked. */
  already_transcribing: z.number().int(),
  /** Their recording is no longer in storage, so there is nothing to transcribe. */
  without_audio: z.number().int(),
});
export type PadRetranscription = z.infer<typeof padRetranscriptionSchema>;

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
  /** The speakers this version named (ADR 0053). */
  speakers: z.array(noteSpeakerSchema).default([]),
  created_at: z.string(),
  /** The note's transcript is this text now. */
  current: z.boolean(),
});
export type TranscriptVersion = z.infer<typeof transcriptVersionSchema>;

/** GET pad/{id}/voicenote/{vid}/versions/: newest first. */
export const transcriptVersionListSchema = z.object({ results: z.array(transcriptVersionSchema) });
export type TranscriptVersionList = z.infer<typeof transcriptVersionListSchema>;

/**
 * POST pad/{id}/voicenote/{vid}/versions/{versionId}/restore/: the note's state after the
 * restore, with the text it has now.
 */
export const restoredTranscriptSchema = transcriptionStateSchema.extend({
  transcript: z.string().nullable(),
});
export type RestoredTranscript = z.infer<typeof restoredTranscriptSchema>;

/** Error codes of the transcription endpoints (409s), beside the shared API_ERROR_CODES. */
export const TRANSCRIPT_ERROR_CODES = {
  /** Retry asked of a note whose transcription has not failed. */
  notFailed: 'not_failed',
  /** The note is being transcribed already. */
  busy: 'transcription_in_progress',
  /** An export or a restore asked of a note without a transcript. */
  noTranscript: 'no_transcript',
  /** A pad's re-transcription found no note it could queue (none, all busy, or audio gone). */
  nothingToRetranscribe: 'nothing_to_retranscribe',
} as const;
