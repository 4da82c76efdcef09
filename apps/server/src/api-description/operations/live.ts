import { notFound, problem, RETRY_AFTER, type ApiOperation } from '../operation.ts';
import { PAD } from './path-params.ts';

export const liveOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/live/',
    id: 'openLiveTranscription',
    tag: 'Live transcription',
    summary: 'Transcribe while recording (WebSocket)',
    description:
      'A GET with `Upgrade: websocket` and your app’s `Origin`. Audio goes in binary frames: 16 kHz mono signed ' +
      '16-bit little-endian PCM, or Opus in WebM or Ogg after `{"type":"start","format":"opus"}`. Text frames ' +
      'carry JSON: the client sends `start` (optional, first) and `stop`; the server sends `partial` and `final` ' +
      'words, `lag`, the `filed` voice note, or an `error` just before it closes. The full protocol is ' +
      'docs/live-protocol.md. Everything that can be refused is refused before the upgrade, in the error shape.',
    auth: 'session',
    pathParams: PAD,
    headers: [
      { name: 'Upgrade', description: '`websocket`.', required: true },
      { name: 'Origin', description: 'The app’s own origin; others are refused.', required: true },
    ],
    responses: {
      101: { description: 'Switching to the WebSocket protocol.' },
      403: problem('The `Origin` is not the app’s own, or missing.'),
      404: notFound('The pad'),
      429: problem('As many live streams as you may hold are open, or the upload quota is spent.', [
        RETRY_AFTER,
      ]),
    },
  },
];
