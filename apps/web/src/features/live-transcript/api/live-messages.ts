import {
  LIVE_SAMPLE_RATE,
  liveServerMessageSchema,
  type LiveServerMessage,
  type LiveStartMessage,
  type LiveStopMessage,
} from '@voxpad/shared/live-transcription';

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
  sample_rate: LIVE_SAMPLE_RATE,
  keep_partial: false,
} as const satisfies LiveStartMessage;

export const LIVE_STOP_MESSAGE = { type: 'stop' } as const satisfies LiveStopMessage;

/**
 * The start message saying how many people speak (ADR 0053): 2 or more has the server pass
 * the filed recording through diarization; absent, it finds out.
 */
export function liveStartMessage(speakers?: number): LiveStartMessage {
  return speakers === undefined ? LIVE_START_MESSAGE : { ...LIVE_START_MESSAGE, speakers };
}
