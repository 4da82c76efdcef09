import { z } from 'zod';

export const VOICE_NOTE_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;
export const voiceNoteStatusSchema = z.enum(VOICE_NOTE_STATUSES);
export type VoiceNoteStatus = z.infer<typeof voiceNoteStatusSchema>;

export const transcriptWordSchema = z.object({
  word: z.string(),
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
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

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
});
export type VoiceNote = z.infer<typeof voiceNoteSchema>;

/** The upload is the raw body; the file name comes from `Content-Disposition: attachment; filename="..."`. */
export const UPLOAD_FILE_NAME = 'recording.wav';
