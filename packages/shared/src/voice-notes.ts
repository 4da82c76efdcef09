import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { noteSpeakerSchema } from './speakers.ts';
import { VOICE_NOTE_STATUSES } from './voice-note-statuses.ts';
import { noteTagsInputSchema } from './tags.ts';

export { VOICE_NOTE_STATUSES };
export const voiceNoteStatusSchema = z.enum(VOICE_NOTE_STATUSES);
export type VoiceNoteStatus = z.infer<typeof voiceNoteStatusSchema>;

export const transcriptWordSchema = z.object({
  /** The word as the engine recognised it (lower case, spelt out: "four", "hundred"). */
  word: z.string(),
  /**
   * How the word reads in the transcript: casing, punctuation and written numbers ("Monday,",
   * "$400"). A display form can stand for several recognised words: the first carries it and
   * the others have "". Absent on words made before formatting (read `word` then).
   */
  text: z.string().optional(),
  start: z.number(),
  end: z.number(),
  confidence: z.number(),
});
export type TranscriptWord = z.infer<typeof transcriptWordSchema>;

export const transcriptSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  words: z.array(transcriptWordSchema),
  /** Who says it: an id of the note's `speakers` (ADR 0053); absent without speakers. */
  speaker: z.string().optional(),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

/**
 * Whether the owner reviewed the transcript (ADR 0037): `confirmed` (correct as it stands),
 * `corrected` (they typed or restored their own text) or `none`. Only reviewed notes are
 * learnt from. A new engine transcript sets it back to `none`.
 */
export const TRANSCRIPT_REVIEW_STATES = ['none', 'confirmed', 'corrected'] as const;
export const transcriptReviewSchema = z.enum(TRANSCRIPT_REVIEW_STATES);
export type TranscriptReview = z.infer<typeof transcriptReviewSchema>;

/**
 * A word the recogniser is less sure of than this (its `confidence`) is marked uncertain and
 * visited by the review. Picked from data (ADR 0037): on the WER corpus it flags about 17 words
 * in 100 and catches more than half of the wrong ones; higher thresholds add mostly right words.
 */
export const UNCERTAIN_WORD_CONFIDENCE = 0.4;

export const voiceNoteSchema = z.object({
  id: z.string(),
  pad_id: z.string(),
  title: z.string(),
  status: voiceNoteStatusSchema,
  /** Why transcription failed, in words a person understands; null unless status is failed. */
  failure_reason: z.string().nullable(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  duration_seconds: z.number().nullable(),
  transcript: z.string().nullable(),
  segments: z.array(transcriptSegmentSchema),
  audio_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** 0..1 while the note is transcribed (updated about once a second); 1 when done. */
  progress: z.number().min(0).max(1).optional(),
  /** Transcription attempts so far (a crashed or failed attempt counts). */
  attempts: z.number().int().optional(),
  /** Language a re-transcription asked for; null means the engine's default. */
  language: z.string().nullable().optional(),
  /** Engine a re-transcription asked for; null means the server's default. */
  engine: z.string().nullable().optional(),
  /** True once the transcript was edited by hand (a re-transcription keeps it as a version). */
  transcript_edited: z.boolean().optional(),
  transcript_reviewed: transcriptReviewSchema.optional(),
  /** When the transcript was confirmed or corrected; null while not reviewed. */
  transcript_reviewed_at: z.string().nullable().optional(),
  /**
   * The transcript's beginning for lists, at most `VOICE_NOTE_LIMITS.snippetMax` characters,
   * cut at a word and ended with "…" when there is more; null until there is a transcript.
   */
  snippet: z.string().nullable().optional(),
  /** The note's tags (ADR 0045), by name whatever the case. */
  tags: z.array(z.string()).default([]),
  /** Who speaks in the note, in order of first voice (ADR 0053); segments name them by id. */
  speakers: z.array(noteSpeakerSchema).optional(),
  /** How many people speak, as the upload or re-transcription said; null: found out. */
  speakers_hint: z.number().int().nullable().optional(),
  /** True once a person renamed, reassigned, split or merged speakers. */
  speakers_edited: z.boolean().optional(),
  /**
   * True when `segments` holds only the first page of a long transcript (ADR 0056): page on
   * from `segments_next` at `GET .../voicenote/{vid}/segments/`.
   */
  segments_paged: z.boolean().optional(),
  /** The note's segments in all (`segments` may hold fewer when paged). */
  segment_count: z.number().int().optional(),
  /** Cursor of the segments after those in `segments`; null when there are none. */
  segments_next: z.string().nullable().optional(),
});
export type VoiceNote = z.infer<typeof voiceNoteSchema>;

/** Where a voice note's audio plays from (`audio_url`): `GET` with or without `Range`. */
export function voiceNoteAudioPath(padId: string, noteId: string): string {
  return `/api/v1/pad/${padId}/voicenote/${noteId}/audio/`;
}

/** The upload is the raw body; the file name comes from `Content-Disposition: attachment; filename="..."`. */
export const UPLOAD_FILE_NAME = 'recording.wav';

/**
 * Recordings are recognised by their first bytes, never by the declared type. This is the
 * list people are told about when a file is refused.
 */
export const ACCEPTED_AUDIO_FORMATS = [
  'WAV',
  'WebM',
  'Ogg (Opus or Vorbis)',
  'MP3',
  'M4A/AAC',
  'FLAC',
] as const;

/** The longest recording accepted unless the server is configured otherwise (4 hours). */
export const MAX_DURATION_SECONDS_DEFAULT = 4 * 60 * 60;

export const VOICE_NOTE_LIMITS = {
  /** Characters; about four hours of speech. */
  transcriptMax: 250_000,
  /** Characters of the transcript's beginning a list shows. */
  snippetMax: 160,
} as const;

/** Error codes only the voice-note endpoints give, beside the shared API_ERROR_CODES. */
export const VOICE_NOTE_ERROR_CODES = {
  /** The recording is longer than the server accepts. */
  durationTooLong: 'duration_too_long',
  /** The transcript cannot be edited while the note is still being transcribed. */
  transcriptionInProgress: 'transcription_in_progress',
  /** The upload had no bytes. */
  empty: 'empty',
} as const;

const title = z
  .string({ error: 'The title must be text.' })
  .trim()
  .min(1, 'Give the voice note a title.')
  .max(LIMITS.voiceNoteTitleMax, `A title can be at most ${LIMITS.voiceNoteTitleMax} characters.`);

/**
 * PATCH `pad/{id}/voicenote/{vid}/`: any of the fields. `transcript` replaces the text that
 * search finds, and the segments are re-timed to it (kept words keep their times, typed words
 * are timed between their neighbours); `pad_id` moves the note to another of the owner's pads;
 * `tags` replaces the note's tags (names; new ones are made, ADR 0045).
 */
export const updateVoiceNoteSchema = z
  .object({
    title: title.optional(),
    transcript: z
      .string({ error: 'The transcript must be text.' })
      .max(
        VOICE_NOTE_LIMITS.transcriptMax,
        `A transcript can be at most ${VOICE_NOTE_LIMITS.transcriptMax} characters.`,
      )
      .optional(),
    pad_id: z.string({ error: 'Name the pad to move the voice note to.' }).min(1).max(64).optional(),
    tags: noteTagsInputSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Send at least one of title, transcript, pad_id or tags.',
  });
export type UpdateVoiceNoteInput = z.input<typeof updateVoiceNoteSchema>;

/**
 * Long notes' segments come in pages (ADR 0056). A note with more segments than `inlineMax`
 * carries only the first `pageDefault` in its `segments`, with `segments_paged: true`,
 * `segment_count` and `segments_next`; the rest come from `GET .../voicenote/{vid}/segments/`.
 * A note with fewer carries them all, as before.
 */
export const SEGMENT_PAGE_LIMITS = {
  /** About 40 minutes of speech. */
  inlineMax: 500,
  pageDefault: 200,
  pageMax: 500,
} as const;

export const segmentPageQuerySchema = z.object({
  /** `next` of the page before; absent for the first page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SEGMENT_PAGE_LIMITS.pageMax).optional(),
});
export type SegmentPageQuery = z.infer<typeof segmentPageQuerySchema>;

export const segmentPageSchema = z.object({
  /** Segments in time order. */
  results: z.array(transcriptSegmentSchema),
  /** Position of the first of `results` among all the note's segments (0-based). */
  start_index: z.number().int(),
  /** The note's segments in all. */
  segment_count: z.number().int(),
  /** Cursor of the next page; null on the last. */
  next: z.string().nullable(),
});
export type SegmentPage = z.infer<typeof segmentPageSchema>;

/** Where a voice note's segments are paged from (ADR 0056). */
export function voiceNoteSegmentsPath(padId: string, noteId: string): string {
  return `/api/v1/pad/${padId}/voicenote/${noteId}/segments/`;
}

/** Where a voice note's waveform peaks are (ADR 0056, `@voxpad/shared/peaks`). */
export function voiceNotePeaksPath(padId: string, noteId: string): string {
  return `/api/v1/pad/${padId}/voicenote/${noteId}/peaks/`;
}
