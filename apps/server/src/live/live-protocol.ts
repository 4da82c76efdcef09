/**
 * The messages of the live transcription socket (README "Live transcription"). Audio travels
 * in binary frames of 16 kHz mono signed 16-bit little-endian PCM; control travels in text
 * frames of JSON, checked here at the edge.
 */
import { z } from 'zod';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { TranscriptWord } from '../transcription/transcriber.ts';

export const LIVE_SAMPLE_RATE = 16000;
export const LIVE_FORMAT = 'pcm_s16le';

const startMessage = z.object({
  type: z.literal('start'),
  format: z.string().default(LIVE_FORMAT),
  sample_rate: z.number().int().default(LIVE_SAMPLE_RATE),
  /**
   * True (the default): a socket that closes without "stop" is filed with what arrived. False:
   * nothing is filed unless "filed" reached the client, which keeps its own copy and uploads it.
   */
  keep_partial: z.boolean().default(true),
});
const stopMessage = z.object({ type: z.literal('stop') });

export const clientMessageSchema = z.discriminatedUnion('type', [startMessage, stopMessage]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  | { type: 'partial'; words: TranscriptWord[] }
  | { type: 'final'; words: TranscriptWord[] }
  | { type: 'filed'; note: VoiceNote }
  | { type: 'error'; code: string; message: string };

/** Codes of `{"type":"error"}` messages that are the socket's own (others are the upload's). */
export const LIVE_ERROR_CODES = {
  badMessage: 'bad_message',
  unsupportedFormat: 'unsupported_format',
  alreadyStarted: 'already_started',
  emptyAudio: 'empty_audio',
  transcriptionFailed: 'transcription_failed',
  filingFailed: 'filing_failed',
} as const;

/** WebSocket close codes (RFC 6455 §7.4.1) the server uses. */
export const CLOSE = {
  normal: 1000,
  unsupportedData: 1003,
  policy: 1008,
  tooBig: 1009,
  internal: 1011,
} as const;

/** A text frame as a client message, or a sentence saying what is wrong with it. */
export function parseClientMessage(text: string): ClientMessage | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'A text frame must be a JSON object such as {"type":"stop"}.';
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  return 'Unknown message: send {"type":"start","format":"pcm_s16le","sample_rate":16000} or {"type":"stop"}.';
}
