import {
  createdShareSchema,
  createShareSchema,
  publicShareSchema,
  shareListQuerySchema,
  shareListSchema,
  unlockShareSchema,
} from '@voxpad/shared/shares';
import {
  audioWithRange,
  jsonBody,
  named,
  noContent,
  notFound,
  ok,
  problem,
  RANGE_HEADER,
  RETRY_AFTER,
  type ApiOperation,
} from '../operation.ts';

const token = { token: 'The link’s token (the last part of its `/s/` address).' };
const gone = problem(
  'The link does not exist, was revoked or has expired: all three answer alike, so a token cannot be probed.',
);
const tooMany = problem('Too many requests for shared links from this address; wait and try again.', [
  RETRY_AFTER,
]);
const audioResponses = {
  ...audioWithRange('The shared audio (cut to the shared range).'),
  403: problem('The link needs its password first, or `download=1` was asked and downloads are not allowed.'),
  404: gone,
  429: tooMany,
};

export const shareOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/shares/',
    id: 'listShares',
    tag: 'Share links',
    summary: 'Your share links',
    description: 'With `note_id` or `pad_id`: the links of that note or pad only.',
    auth: 'session',
    query: shareListQuerySchema,
    responses: { 200: ok('Your links, newest first.', named('ShareList', shareListSchema)) },
  },
  {
    method: 'POST',
    path: '/shares/',
    id: 'createShare',
    tag: 'Share links',
    summary: 'Share a note, a part of a note, or a pad',
    description:
      'A read-only public page at the answer’s `url`, shown only in this answer (the token is stored ' +
      'hashed). Optional expiry, password and downloads.',
    auth: 'session',
    body: jsonBody(named('CreateShare', createShareSchema), { note_id: '01J...', start: 42, end: 75 }),
    responses: {
      201: ok('The new link, with its address.', named('CreatedShare', createdShareSchema)),
      404: notFound('The note or pad'),
      409: problem('The account holds as many links as it may (`share_limit_reached`).'),
    },
  },
  {
    method: 'DELETE',
    path: '/shares/{shareId}/',
    id: 'revokeShare',
    tag: 'Share links',
    summary: 'Turn a link off',
    description: 'At once: the next visit answers 404.',
    auth: 'session',
    pathParams: { shareId: 'The link’s id.' },
    responses: { 204: noContent('The link is off.'), 404: notFound('The link') },
  },
  {
    method: 'GET',
    path: '/public/shares/{token}/',
    id: 'readPublicShare',
    tag: 'Share links',
    summary: 'What a shared link shows (anyone with the link)',
    description:
      'The note or the pad’s notes with their readable transcripts and word times (from 0 for a range), ' +
      'and no ids but the token. A link with a password answers `locked: true` until unlocked. Counts a view.',
    auth: 'public',
    pathParams: token,
    responses: {
      200: ok('The shared notes, or that a password is needed.', named('PublicShare', publicShareSchema)),
      404: gone,
      429: tooMany,
    },
  },
  {
    method: 'POST',
    path: '/public/shares/{token}/unlock',
    id: 'unlockPublicShare',
    tag: 'Share links',
    summary: 'Give a link’s password',
    description: 'Right: a cookie opens this link (only) for two hours.',
    auth: 'public',
    pathParams: token,
    body: jsonBody(named('UnlockShare', unlockShareSchema), { password: 'the password' }),
    responses: {
      204: noContent('Unlocked.'),
      403: problem('The password is not right.'),
      404: gone,
      429: tooMany,
    },
  },
  {
    method: 'GET',
    path: '/public/shares/{token}/audio',
    id: 'readPublicShareAudio',
    tag: 'Share links',
    summary: 'The shared note’s audio',
    description: 'Honours one `Range`; `download=1` asks for it as a file, when downloads are allowed.',
    auth: 'public',
    pathParams: token,
    headers: [RANGE_HEADER],
    responses: audioResponses,
  },
  {
    method: 'GET',
    path: '/public/shares/{token}/notes/{index}/audio',
    id: 'readPublicSharedPadNoteAudio',
    tag: 'Share links',
    summary: 'The audio of one note of a shared pad',
    description: '`index` is the note’s place in the share (`notes[].index`).',
    auth: 'public',
    pathParams: { ...token, index: 'The note’s place in the share, from 0.' },
    headers: [RANGE_HEADER],
    responses: audioResponses,
  },
];
