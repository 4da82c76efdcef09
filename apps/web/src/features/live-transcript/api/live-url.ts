import { liveTranscriptionPath } from '@voxpad/shared/live-transcription';
import { env } from '../../../lib/env.ts';

/** ws(s)://<the API's host>/api/v1/pad/{padId}/voicenote/live/; the session cookie rides along. */
export function liveTranscriptUrl(
  padId: string,
  apiOrigin: string = env.VITE_API_URL || location.origin,
): string {
  const url = new URL(liveTranscriptionPath(padId), apiOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
