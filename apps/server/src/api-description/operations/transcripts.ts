import {
  padRetranscriptionSchema,
  restoredTranscriptSchema,
  transcribeRequestSchema,
  transcriptionStateSchema,
  transcriptVersionListSchema,
} from '@voxpad/shared/transcripts';
import { named, notFound, ok, problem, RETRY_AFTER, type ApiOperation } from '../operation.ts';
import { NOTE, PAD } from './path-params.ts';

const State = named('TranscriptionState', transcriptionStateSchema);
const Transcribe = named('TranscribeRequest', transcribeRequestSchema);
const transcribeBody = { json: Transcribe, required: false, example: { language: 'en' } };

export const transcriptOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/versions/',
    id: 'listTranscriptVersions',
    tag: 'Transcripts',
    summary: 'A transcript’s versions',
    description: 'Every text the note’s transcript has had, by an engine or typed, newest first.',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: ok(
        'Newest first; `current` marks the text the note has now.',
        named('TranscriptVersionList', transcriptVersionListSchema),
      ),
      404: notFound('The voice note'),
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/{noteId}/versions/{versionId}/restore/',
    id: 'restoreTranscriptVersion',
    tag: 'Transcripts',
    summary: 'Restore an earlier transcript',
    auth: 'session',
    pathParams: { ...NOTE, versionId: 'The version’s id.' },
    responses: {
      200: ok('The note’s state and its text now.', named('RestoredTranscript', restoredTranscriptSchema)),
      404: notFound('The voice note or the version'),
      409: problem('The note is being transcribed; wait until it has finished.'),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/transcript.{format}',
    id: 'exportTranscript',
    tag: 'Transcripts',
    summary: 'Download a transcript',
    description:
      'As plain text (`txt`), subtitles (`srt`, `vtt`), Markdown (`md`, with a Summary section holding the latest ' +
      'done summary and its timed action items, and the highlights) or JSON (`json`: id, title, language, ' +
      'duration_seconds, created_at, text, speakers and segments), as an attachment named after the note. With more ' +
      'than one speaker the captions name them (`<v Name>` in WebVTT, `Name: ` in SubRip and text, bold in Markdown).',
    auth: 'session',
    pathParams: { ...NOTE, format: 'One of `txt`, `srt`, `vtt`, `json`, `md`.' },
    responses: {
      200: {
        description: 'The transcript as a file.',
        content: {
          contentTypes: [
            'text/plain',
            'application/x-subrip',
            'text/vtt',
            'application/json',
            'text/markdown',
          ],
        },
        headers: [
          { name: 'Content-Disposition', description: '`attachment` with the file’s name.', required: true },
        ],
      },
      404: notFound('The voice note or the format'),
      409: problem('The note has no transcript yet (`no_transcript`).'),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/chapters.vtt',
    id: 'exportChapters',
    tag: 'Transcripts',
    summary: 'Download the note’s chapters',
    description:
      'The note’s highlights as WebVTT chapters (`kind="chapters"` in a `<track>`), one cue per highlight titled ' +
      'with its label, as an attachment: the `chapters.vtt` of the zip export. A note without highlights gives a ' +
      'file without cues; no transcript is needed.',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: {
        description: 'The chapters as a WebVTT file.',
        content: { contentTypes: ['text/vtt'] },
        headers: [
          { name: 'Content-Disposition', description: '`attachment` with the file’s name.', required: true },
        ],
      },
      404: notFound('The voice note'),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/progress/',
    id: 'getTranscriptionState',
    tag: 'Transcription jobs',
    summary: 'Where a note’s transcription stands',
    auth: 'session',
    pathParams: NOTE,
    responses: { 200: ok('The transcription state.', State), 404: notFound('The voice note') },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/events/',
    id: 'followTranscription',
    tag: 'Transcription jobs',
    summary: 'Follow a transcription live (server-sent events)',
    description:
      'A `state` event (data: a TranscriptionState) at once and whenever status or progress changes, then ' +
      '`end` (data: `{"status": "done" | "failed" | "deleted"}`) when the note is done, failed or deleted. ' +
      'The stream ends with the session that opened it.',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: { description: 'The event stream.', content: { contentTypes: ['text/event-stream'] } },
      404: notFound('The voice note'),
      429: problem('You follow as many transcriptions at once as you may; close one.', [RETRY_AFTER]),
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/{noteId}/retry/',
    id: 'retryTranscription',
    tag: 'Transcription jobs',
    summary: 'Try a failed transcription again',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      202: ok('Queued again.', State),
      404: notFound('The voice note'),
      409: problem('The transcription has not failed (`not_failed`).'),
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/{noteId}/transcribe/',
    id: 'retranscribeVoiceNote',
    tag: 'Transcription jobs',
    summary: 'Transcribe a note again',
    description:
      'Optionally with another engine, language or number of speakers (`speakers`: `auto` or 1 to 8); the ' +
      'current text stays a version, and speaker names and reassignments are kept.',
    auth: 'session',
    pathParams: NOTE,
    body: transcribeBody,
    responses: {
      202: ok('Queued.', State),
      404: notFound('The voice note'),
      409: problem('The note is being transcribed already, or its recording is gone.'),
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/retranscribe/',
    id: 'retranscribePad',
    tag: 'Transcription jobs',
    summary: 'Transcribe every note of a pad again',
    auth: 'session',
    pathParams: PAD,
    body: transcribeBody,
    responses: {
      202: ok(
        'How many notes were queued and how many left as they are.',
        named('PadRetranscription', padRetranscriptionSchema),
      ),
      404: notFound('The pad'),
      409: problem('No note of the pad could be queued (`nothing_to_retranscribe`).'),
    },
  },
];
