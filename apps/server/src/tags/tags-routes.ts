/** /api/v1/tags/: the logged-in person's tags (ADR 0045). A note's tags are set by the note's PATCH. */
import type { FastifyInstance } from 'fastify';
import { mergeTagSchema, renameTagSchema, type TagList } from '@voxpad/shared/tags';
import type { Db } from '../db/database.ts';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { deleteUserTag, listUserTags, mergeUserTag, renameUserTag } from './tags-service.ts';

type TagParams = { Params: { tagId: string } };

export function registerTagRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/tags/', async (request): Promise<TagList> => {
    const userId = await requireUserId(request);
    return { tags: await listUserTags(deps.db, userId) };
  });

  app.patch<TagParams>('/tags/:tagId/', async (request) => {
    const userId = await requireUserId(request);
    const input = parseInput(renameTagSchema, request.body);
    return renameUserTag(deps.db, userId, request.params.tagId, input);
  });

  app.post<TagParams>('/tags/:tagId/merge/', async (request) => {
    const userId = await requireUserId(request);
    const { into } = parseInput(mergeTagSchema, request.body);
    return mergeUserTag(deps.db, userId, request.params.tagId, into);
  });

  app.delete<TagParams>('/tags/:tagId/', async (request, reply) => {
    const userId = await requireUserId(request);
    await deleteUserTag(deps.db, userId, request.params.tagId);
    return reply.status(204).send();
  });
}
