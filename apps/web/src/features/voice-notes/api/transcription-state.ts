import { voiceNoteStatusSchema } from '@voxpad/shared/voice-notes';
import { z } from 'zod';

/**
 * The job state the transcription endpoints answer (retry, transcribe, progress/, and each
 * `state` event of events/). Not in packages/shared yet; mirrors the server's presentState.
 */
export const transcriptionStateSchema = z.object({
  id: z.string(),
  status: voiceNoteStatusSchema,
  /** 0..1. */
  progress: z.number(),
  failure_reason: z.string().nullable(),
});
export type TranscriptionState = z.infer<typeof transcriptionStateSchema>;
