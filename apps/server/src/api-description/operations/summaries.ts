import {
  padSummarySettingsSchema,
  summaryAnswerSchema,
  summaryServiceSchema,
  summaryVersionsSchema,
} from '@voxpad/shared/summaries';
import { jsonBody, named, notFound, ok, problem, type ApiOperation } from '../operation.ts';
import { NOTE, PAD } from './path-params.ts';

const Answer = named('SummaryAnswer', summaryAnswerSchema);
const Settings = named('PadSummarySettings', padSummarySettingsSchema);

export const summaryOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/summaries/service/',
    id: 'getSummaryService',
    tag: 'Summaries',
    summary: 'Whether this server writes summaries, and with what',
    description:
      'Summaries are off unless the operator configured an OpenAI-compatible endpoint (`LLM_BASE_URL`); ' +
      'then `endpoint` is the host a transcript is sent to, and `model` the model asked.',
    auth: 'session',
    responses: { 200: ok('The summary service.', named('SummaryService', summaryServiceSchema)) },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/{noteId}/summary/',
    id: 'requestSummary',
    tag: 'Summaries',
    summary: 'Have a summary written',
    description:
      'Queues a new version: the transcript (with each line’s second) goes to the configured language ' +
      'model, which writes a summary, action items (each with the second it came from) and a suggested ' +
      'title. A long transcript is sent in parts that fit the model’s context, then combined. While one ' +
      'is queued or being written, asking again answers that one. Follow it with GET on the same path.',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      202: ok('Queued (or already being written).', Answer),
      404: notFound('The note'),
      409: problem(
        'Summaries are off on this server (`summaries_not_configured`; nothing was sent), or the note has ' +
          'no transcript yet (`summary_note_not_ready`).',
      ),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/summary/',
    id: 'getSummary',
    tag: 'Summaries',
    summary: 'A note’s newest summary',
    description:
      '`status` is `queued`, `running`, `done` or `failed` (then `error` says why, in words). While the ' +
      'newest is not done, `previous_done` is the newest version that is, so nothing already written is lost.',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: ok('The newest version.', Answer),
      404: notFound('The note, or any summary of it (`summary_not_found`),'),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/summary/versions/',
    id: 'listSummaryVersions',
    tag: 'Summaries',
    summary: 'Every kept version of a note’s summary',
    description: 'Newest first; the newest 20 are kept.',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: ok('The versions.', named('SummaryVersions', summaryVersionsSchema)),
      404: notFound('The note'),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/summary-settings/',
    id: 'getPadSummarySettings',
    tag: 'Summaries',
    summary: 'Whether a pad’s new notes are summarised',
    auth: 'session',
    pathParams: PAD,
    responses: { 200: ok('The pad’s summary settings.', Settings), 404: notFound('The pad') },
  },
  {
    method: 'PUT',
    path: '/pad/{padId}/summary-settings/',
    id: 'changePadSummarySettings',
    tag: 'Summaries',
    summary: 'Summarise a pad’s new notes, or stop',
    description:
      'With `auto_summary` on (and a model configured), every note of the pad is summarised once its ' +
      'transcription finishes.',
    auth: 'session',
    pathParams: PAD,
    body: jsonBody(named('ChangePadSummarySettings', padSummarySettingsSchema), { auto_summary: true }),
    responses: { 200: ok('The pad’s summary settings now.', Settings), 404: notFound('The pad') },
  },
];
