/**
 * /api/v1/vocabulary/: the logged-in person's words and phrases (session + CSRF, like the rest of
 * /api/v1/), and the words proposed from their corrections. ADR 0036.
 */
import type { FastifyInstance } from 'fastify';
import {
  createVocabularyEntrySchema,
  dismissProposalSchema,
  updateVocabularyEntrySchema,
  type VocabularyList,
  type VocabularyProposalList,
} from '@voxpad/shared/vocabulary';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { dismissProposal, proposeWords } from './proposals.ts';
import {
  addWord,
  changeWord,
  listVocabulary,
  removeWord,
  type VocabularySettings,
} from './vocabulary-service.ts';

type WordParams = { Params: { wordId: string } };

export function registerVocabularyRoutes(app: FastifyInstance, deps: VocabularySettings): void {
  app.get('/vocabulary/', async (request): Promise<VocabularyList> => {
    const userId = await requireUserId(request);
    return { words: await listVocabulary(deps, userId), limit: deps.maxWords };
  });

  app.post('/vocabulary/', async (request, reply) => {
    const userId = await requireUserId(request);
    const input = parseInput(createVocabularyEntrySchema, request.body);
    return reply.status(201).send(await addWord(deps, userId, input));
  });

  app.patch<WordParams>('/vocabulary/:wordId/', async (request) => {
    const userId = await requireUserId(request);
    const input = parseInput(updateVocabularyEntrySchema, request.body);
    return changeWord(deps, userId, request.params.wordId, input);
  });

  app.delete<WordParams>('/vocabulary/:wordId/', async (request, reply) => {
    const userId = await requireUserId(request);
    await removeWord(deps, userId, request.params.wordId);
    return reply.status(204).send();
  });

  app.get('/vocabulary/proposals/', async (request): Promise<VocabularyProposalList> => {
    const userId = await requireUserId(request);
    return { proposals: await proposeWords(deps.db, deps.dictionary, userId) };
  });

  app.post('/vocabulary/proposals/dismiss/', async (request, reply) => {
    const userId = await requireUserId(request);
    const { word } = parseInput(dismissProposalSchema, request.body);
    await dismissProposal(deps.db, userId, word);
    return reply.status(204).send();
  });
}
