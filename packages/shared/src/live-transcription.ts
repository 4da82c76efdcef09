/**
 * The live transcription socket (docs/live-protocol.md), for the server that
 * answers it and the web app that opens it. Audio travels in binary frames of 16 kHz mono
 * signed 16-bit little-endian PCM, or of Opus in a WebM or Ogg container when "start" says
 * so; control travels in text frames of JSON, described here.
 */
import { z } from 'zod';
import { speakersHintSchema } from './speakers.ts';
import { transcriptWordSchema, voiceNoteSchema } from './voice-notes.ts';

/** Where a pad's live socket answers (GET with `Upgrade: websocket`); the session cookie rides along. */
export function liveTranscriptionPath(padId: string): string {
  return `/api/v1/pad/${encodeURIComponent(padId)}/voicenote/live/`;
}

export const LIVE_SAMPLE_RATE = 16000;
export const LIVE_FORMATS = ['pcm_s16le', 'opus'] as const;
export type LiveFormat = (typeof LIVE_FORMATS)[number];
/** The format of a stream whose client sends no "start". */
export const DEFAULT_LIVE_FORMAT: LiveFormat = 'pcm_s16le';

export function isLiveFormat(format: string): format is LiveFormat {
  return (LIVE_FORMATS as readonly string[]).includes(format);
}

export const liveStartMessageSchema = z.object({
  type: z.literal('start'),
  format: z.string().default(DEFAULT_LIVE_FORMAT),
  /** Of PCM only: Opus says its own rate, and is decoded to LIVE_SAMPLE_RATE anyway. */
  sample_rate: z.number().int().default(LIVE_SAMPLE_RATE),
  /**
   * True (the default): a socket that closes without "stop" is filed with what arrived. False:
   * nothing is filed unless "filed" reached the client, which keeps its own copy and uploads it.
   */
  keep_partial: z.boolean().default(true),
  /** How many people speak ("auto" or 1..8), kept with the note for its transcriptions (ADR 0053). */
  speakers: speakersHintSchema.optional(),
});
export type LiveStartMessage = z.input<typeof liveStartMessageSchema>;

export const liveStopMessageSchema = z.object({ type: z.literal('stop') });
export type LiveStopMessage = z.infer<typeof liveStopMessageSchema>;

/** What a client sends in text frames: "start" (optional, first) and "stop". */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  liveStartMessageSchema,
  liveStopMessageSchema,
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/**
 * What the server sends: words of the sentence still being spoken (partial: the recognised
 * words, raw), words of a finished sentence (final: with their readable `text`), how far
 * decoding is behind the audio (lag; 0 once caught up), the filed note, or an error just
 * before it closes.
 */
export const liveServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('partial'), words: z.array(transcriptWordSchema) }),
  z.object({ type: z.literal('final'), words: z.array(transcriptWordSchema) }),
  z.object({ type: z.literal('lag'), seconds: z.number().min(0) }),
  z.object({ type: z.literal('filed'), note: voiceNoteSchema }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;

/**
 * Codes of `{"type":"error"}` messages that are the socket's own; the others are the upload's
 * (API_ERROR_CODES, VOICE_NOTE_ERROR_CODES), since a stream is filed like an upload.
 */
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
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[keyof typeof LIVE_ERROR_CODES];

/** WebSocket close codes (RFC 6455 §7.4.1) the server uses. */
export const LIVE_CLOSE_CODES = {
  normal: 1000,
  unsupportedData: 1003,
  policy: 1008,
  tooBig: 1009,
  internal: 1011,
} as const;
