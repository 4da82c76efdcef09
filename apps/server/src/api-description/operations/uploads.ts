import { VOICE_NOTE_ID_HEADER } from '@voxpad/shared/uploads';
import { noContent, problem, RETRY_AFTER, type ApiOperation, type HeaderDoc } from '../operation.ts';

/** Resumable uploads speak tus 1.0.0 (https://tus.io/protocols/resumable-upload); ADR 0018. */
const TUS_RESUMABLE: HeaderDoc = { name: 'Tus-Resumable', description: 'Always `1.0.0`.', required: true };
const UPLOAD_OFFSET: HeaderDoc = {
  name: 'Upload-Offset',
  description: 'How many bytes the server has.',
  required: true,
  schema: { type: 'integer' },
};
const UPLOAD = { uploadId: 'The upload’s id: the last part of the `Location` its creation answered.' };
const TAG = 'Resumable uploads';
const gone = problem(
  'The upload received nothing for too long, or stayed unfinished too long, and was removed (`upload_expired`); start again.',
);

export const uploadOperations: ApiOperation[] = [
  {
    method: 'OPTIONS',
    path: '/uploads/',
    id: 'discoverUploads',
    tag: TAG,
    summary: 'What the upload server supports',
    auth: 'public',
    responses: {
      204: noContent('tus discovery.', [
        { name: 'Tus-Version', description: '`1.0.0`.', required: true },
        { name: 'Tus-Extension', description: 'The extensions served, e.g. `creation,termination`.' },
        { name: 'Tus-Max-Size', description: 'The largest upload, in bytes.', schema: { type: 'integer' } },
      ]),
    },
  },
  {
    method: 'POST',
    path: '/uploads/',
    id: 'createUpload',
    tag: TAG,
    summary: 'Start a resumable upload',
    description:
      'Say the file’s size in `Upload-Length` and where it goes in `Upload-Metadata`: base64-encoded `pad_id`, ' +
      '`filename` and `filetype`. Then send the bytes with PATCH.',
    auth: 'session-or-token',
    headers: [
      TUS_RESUMABLE,
      {
        name: 'Upload-Length',
        description: 'The file’s size in bytes.',
        required: true,
        schema: { type: 'integer' },
      },
      {
        name: 'Upload-Metadata',
        description: 'Comma-separated `key base64value` pairs: `pad_id`, `filename`, `filetype`.',
        required: true,
      },
    ],
    responses: {
      201: noContent('The upload exists; send its bytes to `Location`.', [
        { name: 'Location', description: 'The upload’s address.', required: true },
        TUS_RESUMABLE,
      ]),
      400: problem('A tus header is missing or malformed (the error names it).'),
      403: problem(
        'Too many unfinished uploads (`too_many_open_uploads`), or the account’s storage is full. Or the CSRF check failed.',
      ),
      404: problem('The pad in `pad_id` does not exist or is not yours.'),
      413: problem('The file is larger than the server takes.'),
      415: problem('`filetype` is not an audio type.'),
      429: problem('Too many uploads in the last hour; try again later.', [RETRY_AFTER]),
    },
  },
  {
    method: 'HEAD',
    path: '/uploads/{uploadId}/',
    id: 'getUploadOffset',
    tag: TAG,
    summary: 'How much of an upload has arrived',
    description: 'Ask before resuming; errors come without a body (HEAD).',
    auth: 'session-or-token',
    pathParams: UPLOAD,
    headers: [TUS_RESUMABLE],
    responses: {
      200: noContent('The upload’s progress.', [
        UPLOAD_OFFSET,
        { name: 'Upload-Length', description: 'The file’s size.', schema: { type: 'integer' } },
      ]),
      404: problem('The upload does not exist or is not yours.'),
      410: gone,
    },
  },
  {
    method: 'PATCH',
    path: '/uploads/{uploadId}/',
    id: 'sendUploadBytes',
    tag: TAG,
    summary: 'Send the next bytes of an upload',
    description: `The answer to the PATCH that completes the file names the filed voice note in \`${VOICE_NOTE_ID_HEADER}\`.`,
    auth: 'session-or-token',
    pathParams: UPLOAD,
    headers: [TUS_RESUMABLE, { ...UPLOAD_OFFSET, description: 'Where these bytes start.' }],
    body: {
      raw: { contentTypes: ['application/offset+octet-stream'], description: 'The next piece of the file.' },
    },
    responses: {
      204: noContent('The bytes are kept.', [
        UPLOAD_OFFSET,
        { name: VOICE_NOTE_ID_HEADER, description: 'The filed voice note, once the last byte arrived.' },
      ]),
      400: problem(
        'A tus header is missing or malformed, or the finished file is not a recording that can be read.',
      ),
      404: problem('The upload does not exist or is not yours.'),
      409: problem(
        '`Upload-Offset` is not where the server has the upload (`upload_offset_conflict`); ask with HEAD.',
      ),
      410: gone,
      413: problem('More bytes than `Upload-Length` said, or a recording longer than the server takes.'),
      415: problem('The finished file is not audio in an accepted format.'),
    },
  },
  {
    method: 'DELETE',
    path: '/uploads/{uploadId}/',
    id: 'cancelUpload',
    tag: TAG,
    summary: 'Cancel an upload',
    auth: 'session-or-token',
    pathParams: UPLOAD,
    headers: [TUS_RESUMABLE],
    responses: {
      204: noContent('The upload and its bytes are gone.'),
      404: problem('The upload does not exist or is not yours.'),
    },
  },
  {
    method: 'OPTIONS',
    path: '/uploads/{uploadId}/',
    id: 'discoverUpload',
    tag: TAG,
    summary: 'What the upload server supports (at an upload’s address)',
    auth: 'public',
    pathParams: UPLOAD,
    responses: {
      204: noContent('tus discovery.', [{ name: 'Tus-Version', description: '`1.0.0`.', required: true }]),
    },
  },
];
