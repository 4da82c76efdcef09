import { padSearchPageSchema, searchQuerySchema, voiceNoteSearchPageSchema } from '@voxpad/shared/search';
import { highlightSearchPageSchema } from '@voxpad/shared/highlights';
import { named, ok, problem, type ApiOperation } from '../operation.ts';

const description =
  'Words match by stem ("meetings" finds "meeting"), all words must match, the last also as a prefix, and ' +
  '"double quotes" match a phrase. Best match first, `limit` at a time (20 unless asked, at most 50); ' +
  'highlights are `[start, end)` offsets in UTF-16 code units of plain text.';
const badQuery = problem('`q` is missing, empty or too long, or `cursor` or `limit` is not valid.');

export const searchOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/search/pad/',
    id: 'searchPads',
    tag: 'Search',
    summary: 'Search your pads',
    description,
    auth: 'session',
    query: searchQuerySchema,
    responses: {
      200: ok('A page of matching pads.', named('PadSearchPage', padSearchPageSchema)),
      400: badQuery,
    },
  },
  {
    method: 'GET',
    path: '/search/voicenote/',
    id: 'searchVoiceNotes',
    tag: 'Search',
    summary: 'Search your voice notes',
    description: `Titles and transcripts. ${description}`,
    auth: 'session',
    query: searchQuerySchema,
    responses: {
      200: ok('A page of matching notes.', named('VoiceNoteSearchPage', voiceNoteSearchPageSchema)),
      400: badQuery,
    },
  },
  {
    method: 'GET',
    path: '/search/highlight/',
    id: 'searchHighlights',
    tag: 'Search',
    summary: 'Search your highlights',
    description:
      'Labels and comments that hold every word typed (as written, whatever the case), newest first, ' +
      '`limit` at a time; each hit gives its note and `time`, the second its result link jumps to.',
    auth: 'session',
    query: searchQuerySchema,
    responses: {
      200: ok('A page of matching highlights.', named('HighlightSearchPage', highlightSearchPageSchema)),
      400: badQuery,
    },
  },
];
