import {
  createHighlightSchema,
  highlightListSchema,
  highlightSchema,
  updateHighlightSchema,
} from '@voxpad/shared/highlights';
import { jsonBody, named, noContent, notFound, ok, problem, type ApiOperation } from '../operation.ts';
import { NOTE } from './path-params.ts';

const Highlight = named('Highlight', highlightSchema);
const HIGHLIGHT = { ...NOTE, highlightId: 'The highlight’s id (a highlight of that note).' };
const badSpan = problem(
  'The start is outside the note, the end is not after the start or past the note’s end, or a label or comment is missing or too long.',
);

export const highlightOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/pad/{padId}/voicenote/{noteId}/highlights/',
    id: 'listHighlights',
    tag: 'Highlights',
    summary: 'A note’s highlights',
    description: 'Moments and ranges of the recording, earliest first.',
    auth: 'session',
    pathParams: NOTE,
    responses: {
      200: ok('Every highlight of the note.', named('HighlightList', highlightListSchema)),
      404: notFound('The voice note'),
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/{noteId}/highlights/',
    id: 'createHighlight',
    tag: 'Highlights',
    summary: 'Add a highlight',
    description:
      'Leave `end` out for a moment. `start` must lie within the note once its length is known; a range’s `end` after `start`.',
    auth: 'session',
    pathParams: NOTE,
    body: jsonBody(named('CreateHighlight', createHighlightSchema), {
      start: 12.5,
      end: 31,
      label: 'The decision',
      comment: 'Follow up on Monday',
    }),
    responses: {
      201: ok('The new highlight.', Highlight),
      400: badSpan,
      404: notFound('The voice note'),
      409: problem('The note keeps as many highlights as it may (`highlight_limit_reached`).'),
    },
  },
  {
    method: 'PATCH',
    path: '/pad/{padId}/voicenote/{noteId}/highlights/{highlightId}/',
    id: 'updateHighlight',
    tag: 'Highlights',
    summary: 'Change a highlight',
    description: 'Only what is sent changes; `end: null` makes a range a moment.',
    auth: 'session',
    pathParams: HIGHLIGHT,
    body: jsonBody(named('UpdateHighlight', updateHighlightSchema), { label: 'The real decision' }),
    responses: {
      200: ok('The highlight as it now is.', Highlight),
      400: badSpan,
      404: notFound('The voice note or the highlight'),
    },
  },
  {
    method: 'DELETE',
    path: '/pad/{padId}/voicenote/{noteId}/highlights/{highlightId}/',
    id: 'deleteHighlight',
    tag: 'Highlights',
    summary: 'Delete a highlight',
    auth: 'session',
    pathParams: HIGHLIGHT,
    responses: {
      204: noContent('The highlight is gone; the note stays.'),
      404: notFound('The voice note or the highlight'),
    },
  },
];
