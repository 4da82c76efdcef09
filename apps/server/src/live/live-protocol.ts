/**
 * The messages of the live transcription socket (README "Live transcription"). Audio travels
 * in binary frames of 16 kHz mono signed 16-bit little-endian PCM, or of Opus in a WebM or Ogg
 * container when "start" says so; control travels in text frames of JSON, checked here at the
 * edge.
 */
import { z } from 'zod';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { TranscriptWord } from '../transcription/transcriber.ts';

export const LIVE_SAMPLE_RATE = 16000;
export const LIVE_FORMATS = ['pcm_s16le', 'opus'] as const;
export type LiveFormat = (typeof LIVE_FORMATS)[number];
/** The format of a stream whose client sends no "start". */
export const DEFAULT_LIVE_FORMAT: LiveFormat = 'pcm_s16le';

export function isLiveFormat(format: string): format is LiveFormat {
  return (LIVE_FORMATS as readonly string[]).includes(format);
}

const startMessage = z.object({
  type: z.literal('start'),
  format: z.string().default(DEFAULT_LIVE_FORMAT),
  /** Of PCM only: Opus says its own rate, and is decoded to LIVE_SAMPLE_RATE anyway. */
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
  undecodableAudio: 'undecodable_audio',
  alreadyStarted: 'already_started',
  emptyAudio: 'empty_audio',
  idle: 'idle_timeout',
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
  return (
    'Unknown message: send {"type":"start","format":"pcm_s16le","sample_rate":16000}, ' +
    '{"type":"start","format":"opus"} or {"type":"stop"}.'
  );
}
