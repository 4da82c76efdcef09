import { pageQuerySchema, pageSchema } from '@voxpad/shared/pagination';
import { recentVoiceNotesQuerySchema, recentVoiceNotesSchema } from '@voxpad/shared/recent-voice-notes';
import { ACCEPTED_AUDIO_FORMATS, updateVoiceNoteSchema, voiceNoteSchema } from '@voxpad/shared/voice-notes';
import {
  jsonBody,
  named,
  noContent,
  notFound,
  ok,
  problem,
  RANGE_HEADER,
  RETRY_AFTER,
  audioWithRange,
  type ApiOperation,
} from '../operation.ts';
import { uploadSpeakersQuerySchema } from '@voxpad/shared/speakers';
import { NOTE, PAD } from './path-params.ts';

const VoiceNote = named('VoiceNote', voiceNoteSchema);
const formats = ACCEPTED_AUDIO_FORMATS.join(', ');

export const voiceNoteOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/voicenote/recent/',
    id: 'listRecentVoiceNotes',
    tag: 'Voice notes',
    summary: 'Your newest voice notes, across pads',
    auth: 'session',
    query: recentVoiceNotesQuerySchema,
    responses: {
      200: ok('Newest first.', named('RecentVoiceNotes', recentVoiceNotesSchema)),
      400: problem('`limit` is not a whole number from 1 to 50.'),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/',
    id: 'listVoiceNotes',
    tag: 'Voice notes',
    summary: 'List a pad’s voice notes',
    description: 'Newest first, `limit` at a time; follow `next` and `previous` to page.',
    auth: 'session',
    pathParams: PAD,
    query: pageQuerySchema,
    responses: {
      200: ok('A page of voice notes.', named('VoiceNotePage', pageSchema(voiceNoteSchema))),
      400: problem('The page link (`cursor`) or `limit` is not valid.'),
      404: notFound('The pad'),
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/',
    id: 'uploadVoiceNote',
    tag: 'Voice notes',
    summary: 'Upload a recording',
    description:
      `The raw audio is the body, in one request (for large files or poor connections, use the resumable uploads). ` +
      `The format is recognised by its first bytes, never by the declared type: ${formats}. ` +
      'The note is queued for transcription at once. `speakers` says how many people speak (`auto`, the ' +
      'default, or 1 to 8); with 1 nobody is told apart.',
    auth: 'session',
    pathParams: PAD,
    query: uploadSpeakersQuerySchema,
    headers: [
      {
        name: 'Content-Disposition',
        description: 'The file’s name, as `attachment; filename="recording.wav"`; it becomes the title.',
      },
    ],
    body: {
      raw: {
        contentTypes: ['audio/*', 'video/webm', 'video/mp4', 'application/octet-stream'],
        description: `A recording: ${formats}.`,
      },
    },
    responses: {
      201: ok('The filed note, waiting for transcription.', VoiceNote),
      400: problem(
        'The upload was empty, interrupted, or its audio cannot be read; or `speakers` is not `auto` or 1 to 8.',
      ),
      403: problem(
        'The account’s storage is full (`storage_quota_exceeded`): delete notes to make room. Or the CSRF check failed.',
      ),
      404: notFound('The pad'),
      413: problem('The file is larger than the server takes, or the recording is too long.'),
      415: problem(`The file is not audio in one of the accepted formats (${formats}).`),
      429: problem('Too many uploads at once or in the last hour; try again later.', [RETRY_AFTER]),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/',
    id: 'getVoiceNote',
    tag: 'Voice notes',
    summary: 'Read a voice note',
    description: 'With its transcript, timed segments and words, and transcription state.',
    auth: 'session',
    pathParams: NOTE,
    responses: { 200: ok('The voice note.', VoiceNote), 404: notFound('The voice note') },
  },
  {
    method: 'PATCH',
    path: '/pad/{padId}/voicenote/{noteId}/',
    id: 'updateVoiceNote',
    tag: 'Voice notes',
    summary: 'Rename a voice note, edit its transcript or move it',
    description:
      'Any of `title`, `transcript` (the text search finds; segments are re-timed to it) and `pad_id` ' +
      '(another of your pads).',
    auth: 'session',
    pathParams: NOTE,
    body: jsonBody(named('UpdateVoiceNote', updateVoiceNoteSchema), { title: 'Hive 3, May inspection' }),
    responses: {
      200: ok('The changed note.', VoiceNote),
      404: notFound('The voice note (or the pad to move it to)'),
      409: problem('The transcript cannot be edited while the note is being transcribed.'),
    },
  },
  {
    method: 'DELETE',
    path: '/pad/{padId}/voicenote/{noteId}/',
    id: 'deleteVoiceNote',
    tag: 'Voice notes',
    summary: 'Delete a voice note and its recording',
    auth: 'session',
    pathParams: NOTE,
    responses: { 204: noContent('The note is gone.'), 404: notFound('The voice note') },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/audio/',
    id: 'getVoiceNoteAudio',
    tag: 'Voice notes',
    summary: 'Play a voice note’s recording',
    description: 'Honours one `Range: bytes=a-b`, so players can seek.',
    auth: 'session',
    pathParams: NOTE,
    headers: [RANGE_HEADER],
    responses: {
      ...audioWithRange('The whole recording.'),
      404: notFound('The voice note or its recording'),
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/{noteId}/transcript/confirm/',
    id: 'confirmTranscript',
    tag: 'Voice notes',
    summary: 'Confirm a transcript is right',
    description: 'A reviewed note is one the recogniser learns from (see Adaptation).',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: ok('The note, its review `confirmed`.', VoiceNote),
      404: notFound('The voice note'),
      409: problem('The note is still being transcribed, or has no transcript.'),
    },
  },
  {
    method: 'DELETE',
    path: '/pad/{padId}/voicenote/{noteId}/transcript/confirm/',
    id: 'withdrawTranscriptReview',
    tag: 'Voice notes',
    summary: 'Take back a confirmation',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: ok('The note, its review back to `none`.', VoiceNote),
      404: notFound('The voice note'),
    },
  },
];
