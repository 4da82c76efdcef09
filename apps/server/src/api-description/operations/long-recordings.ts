import { PEAKS_CONTENT_TYPE } from '@voxpad/shared/peaks';
import { segmentPageQuerySchema, segmentPageSchema } from '@voxpad/shared/voice-notes';
import { named, notFound, ok, problem, RETRY_AFTER, type ApiOperation } from '../operation.ts';
import { NOTE } from './path-params.ts';

/** What long recordings need beside the note itself (ADR 0056): segment pages and the waveform. */
export const longRecordingOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/segments/',
    id: 'listVoiceNoteSegments',
    tag: 'Voice notes',
    summary: 'Read a voice note’s segments a page at a time',
    description:
      'In time order, `limit` at a time (at most 500); follow `next` until it is null. A note with many ' +
      'segments carries only the first page in its own answer (`segments_paged`).',
    auth: 'session',
    pathParams: NOTE,
    query: segmentPageQuerySchema,
    responses: {
      200: ok('A page of segments.', named('SegmentPage', segmentPageSchema)),
      400: problem('The page link (`cursor`) or `limit` is not valid.'),
      404: notFound('The voice note'),
      409: problem(
        'The transcript changed since the page link was made (`transcript_changed`): load the note again.',
      ),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/peaks/',
    id: 'getVoiceNotePeaks',
    tag: 'Voice notes',
    summary: 'The waveform of a voice note’s recording',
    description:
      'The lowest and highest sample of every tenth of a second, made when the audio was decoded: ' +
      '8 header bytes (`VXPK`, version 1, 0, peaks per second as 16-bit little-endian) then signed ' +
      '8-bit pairs (lowest, highest).',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: {
        description: 'The peaks file.',
        content: { contentTypes: [PEAKS_CONTENT_TYPE] },
      },
      202: problem(
        'Not made yet (`peaks_pending`): while the note is transcribed, or for an older note while it is ' +
          'made now. Ask again after `Retry-After` seconds.',
        [RETRY_AFTER],
      ),
      404: notFound('The voice note (or the waveform, when its audio cannot be read)'),
    },
  },
];
