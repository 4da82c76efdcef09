import { padSearchPageSchema, searchQuerySchema, voiceNoteSearchPageSchema } from '@voxpad/shared/search';
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
];
