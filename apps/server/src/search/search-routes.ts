import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noteFiltersQuerySchema } from '@voxpad/shared/note-filters';
import { SEARCH_LIMITS, searchQuerySchema } from '@voxpad/shared/search';
import { badRequest, parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { decodeSearchCursor } from './search-cursor.ts';
import { searchHighlights } from './highlight-search.ts';
import { searchPads, searchVoiceNotes, type SearchDeps, type SearchRequest } from './search-service.ts';

/** The owner, the query and the page a search asks for; bad input answers 400 field by field. */
async function readSearchRequest(request: FastifyRequest): Promise<SearchRequest> {
  const ownerId = await requireUserId(request);
  const query = parseInput(searchQuerySchema, request.query);
  const offset = query.cursor === undefined ? 0 : decodeSearchCursor(query.cursor);
  if (offset === undefined) {
    throw badRequest('This page link is not valid. Start the search again.', 'cursor');
  }
  return { ownerId, q: query.q, limit: query.limit ?? SEARCH_LIMITS.pageSizeDefault, offset };
}

export function registerSearchRoutes(app: FastifyInstance, deps: SearchDeps) {
  app.get('/search/pad/', async (request) => searchPads(deps, await readSearchRequest(request)));
  app.get('/search/voicenote/', async (request) => {
    const search = await readSearchRequest(request);
    const filters = parseInput(noteFiltersQuerySchema, request.query);
    return searchVoiceNotes(deps, { ...search, filters });
  });
  app.get('/search/highlight/', async (request) => searchHighlights(deps, await readSearchRequest(request)));
}
