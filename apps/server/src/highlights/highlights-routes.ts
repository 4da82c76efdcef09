/**
 * /api/v1/pad/{id}/voicenote/{vid}/highlights/: a note's highlights (ADR 0054), for the
 * logged-in person (session + CSRF, or an API token, like the rest of /api/v1/).
 */
import type { FastifyInstance } from 'fastify';
import { createHighlightSchema, updateHighlightSchema, type HighlightList } from '@voxpad/shared/highlights';
import type { Db } from '../db/database.ts';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { addHighlight, changeHighlight, listNoteHighlights, removeHighlight } from './highlights-service.ts';

type NoteParams = { Params: { padId: string; noteId: string } };
type HighlightParams = { Params: { padId: string; noteId: string; highlightId: string } };

const BASE = '/pad/:padId/voicenote/:noteId/highlights/';

export function registerHighlightRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get<NoteParams>(BASE, async (request): Promise<HighlightList> => {
    const ownerId = await requireUserId(request);
    const { padId, noteId } = request.params;
    return { results: await listNoteHighlights(deps.db, { ownerId, padId, noteId }) };
  });

  app.post<NoteParams>(BASE, async (request, reply) => {
    const ownerId = await requireUserId(request);
    const input = parseInput(createHighlightSchema, request.body);
    const { padId, noteId } = request.params;
    return reply.status(201).send(await addHighlight(deps.db, { ownerId, padId, noteId }, input));
  });

  app.patch<HighlightParams>(`${BASE}:highlightId/`, async (request) => {
    const ownerId = await requireUserId(request);
    const input = parseInput(updateHighlightSchema, request.body);
    const { padId, noteId, highlightId } = request.params;
    return changeHighlight(deps.db, { ownerId, padId, noteId }, highlightId, input);
  });

  app.delete<HighlightParams>(`${BASE}:highlightId/`, async (request, reply) => {
    const ownerId = await requireUserId(request);
    const { padId, noteId, highlightId } = request.params;
    await removeHighlight(deps.db, { ownerId, padId, noteId }, highlightId);
    return reply.status(204).send();
  });
}
