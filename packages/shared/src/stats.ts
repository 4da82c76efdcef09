import { z } from 'zod';
import { voiceNoteStatusSchema } from './voice-notes.ts';

export const statsSchema = z.object({
  pad_count: z.number().int(),
  voice_note_count: z.number().int(),
  total_duration_seconds: z.number(),
  transcribed_word_count: z.number().int(),
  status_counts: z.record(voiceNoteStatusSchema, z.number().int()),
});
export type Stats = z.infer<typeof statsSchema>;
