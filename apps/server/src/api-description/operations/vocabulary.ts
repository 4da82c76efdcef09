import {
  createVocabularyEntrySchema,
  dismissProposalSchema,
  updateVocabularyEntrySchema,
  vocabularyEntrySchema,
  vocabularyListSchema,
  vocabularyProposalListSchema,
} from '@voxpad/shared/vocabulary';
import { jsonBody, named, noContent, notFound, ok, problem, type ApiOperation } from '../operation.ts';

const Entry = named('VocabularyEntry', vocabularyEntrySchema);
const conflict = problem(
  'The word is there already for that pad (`duplicate_word`), or the vocabulary is full (`vocabulary_limit_reached`).',
);
const word = { wordId: 'The entry’s id.' };

export const vocabularyOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/vocabulary/',
    id: 'listVocabulary',
    tag: 'Vocabulary',
    summary: 'Your words and phrases',
    auth: 'session',
    responses: {
      200: ok('The words, and how many the account may hold.', named('VocabularyList', vocabularyListSchema)),
    },
  },
  {
    method: 'POST',
    path: '/vocabulary/',
    id: 'addVocabularyWord',
    tag: 'Vocabulary',
    summary: 'Add a word or phrase',
    description:
      'Its pronunciation comes from the dictionary, from a "sounds like" spelling, from phones you type ' +
      '(ARPAbet), or is generated. `pad_id` null: every pad.',
    auth: 'session',
    body: jsonBody(named('CreateVocabularyEntry', createVocabularyEntrySchema), {
      word: 'Varroa',
      sounds_like: 'var oh ah',
    }),
    responses: { 201: ok('The new entry.', Entry), 409: conflict },
  },
  {
    method: 'PATCH',
    path: '/vocabulary/{wordId}/',
    id: 'changeVocabularyWord',
    tag: 'Vocabulary',
    summary: 'Change a word',
    description: 'A field left out stays; a new word or "sounds like" makes the pronunciation again.',
    auth: 'session',
    pathParams: word,
    body: jsonBody(named('UpdateVocabularyEntry', updateVocabularyEntrySchema), { pad_id: null }),
    responses: { 200: ok('The changed entry.', Entry), 404: notFound('The word'), 409: conflict },
  },
  {
    method: 'DELETE',
    path: '/vocabulary/{wordId}/',
    id: 'removeVocabularyWord',
    tag: 'Vocabulary',
    summary: 'Remove a word',
    auth: 'session',
    pathParams: word,
    responses: { 204: noContent('The word is gone.'), 404: notFound('The word') },
  },
  {
    method: 'GET',
    path: '/vocabulary/proposals/',
    id: 'listVocabularyProposals',
    tag: 'Vocabulary',
    summary: 'Words you typed that the recogniser does not know',
    auth: 'session',
    responses: {
      200: ok(
        'Proposed words, from your corrections.',
        named('VocabularyProposalList', vocabularyProposalListSchema),
      ),
    },
  },
  {
    method: 'POST',
    path: '/vocabulary/proposals/dismiss/',
    id: 'dismissVocabularyProposal',
    tag: 'Vocabulary',
    summary: 'Stop proposing a word',
    auth: 'session',
    body: jsonBody(named('DismissProposal', dismissProposalSchema), { word: 'hmm' }),
    responses: { 204: noContent('It is not proposed again.') },
  },
];
