/**
 * The live transcription socket's messages are a contract shared with the web app
 * (`@voxpad/shared/live-transcription`); text frames are checked here at the edge.
 */
import {
  LIVE_CLOSE_CODES,
  liveClientMessageSchema,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@voxpad/shared/live-transcription';

export {
  DEFAULT_LIVE_FORMAT,
  LIVE_ERROR_CODES,
  LIVE_FORMATS,
  LIVE_SAMPLE_RATE,
  isLiveFormat,
  type LiveFormat,
} from '@voxpad/shared/live-transcription';

export type ClientMessage = LiveClientMessage;
export type ServerMessage = LiveServerMessage;
export const CLOSE = LIVE_CLOSE_CODES;

/** A text frame as a client message, or a sentence saying what is wrong with it. */
export function parseClientMessage(text: string): ClientMessage | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'A text frame must be a JSON object such as {"type":"stop"}.';
  }
  const parsed = liveClientMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  return (
    'Unknown message: send {"type":"start","format":"pcm_s16le","sample_rate":16000}, ' +
    '{"type":"start","format":"opus"} or {"type":"stop"}.'
  );
}
