import { z } from 'zod';
import { transcriptWordSchema, voiceNoteSchema } from '@voxpad/shared/voice-notes';

/**
 * What the live transcription socket sends (README "Live transcription"): words of the
 * sentence still being spoken (partial), words of a finished sentence (final), the filed note,
 * or an error just before the server closes.
 */
export const liveServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('partial'), words: z.array(transcriptWordSchema) }),
  z.object({ type: z.literal('final'), words: z.array(transcriptWordSchema) }),
  z.object({ type: z.literal('filed'), note: voiceNoteSchema }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;

/** A text frame as a server message, or null when it is not one this client knows. */
export function parseLiveServerMessage(text: string): LiveServerMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = liveServerMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The first message: 16 kHz mono 16-bit PCM; a socket closed without "stop" files nothing. */
export const LIVE_START_MESSAGE = {
  type: 'start',
  format: 'pcm_s16le',
  sample_rate: 16_000,
  keep_partial: false,
} as const;

export const LIVE_STOP_MESSAGE = { type: 'stop' } as const;
