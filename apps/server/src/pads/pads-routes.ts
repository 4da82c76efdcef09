import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createPadSchema, padSchema, updatePadSchema } from '@voxpad/shared/pads';
import { pageSchema } from '@voxpad/shared/pagination';
import { parseInput } from '../http/api-problem.ts';
import { readPageQuery } from '../http/page-query.ts';
import { requireUserId } from '../http/require-user.ts';
import type { Db } from '../db/database.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import type { QuotaGuard } from '../quotas/quota-guard.ts';
import { GenerationCache } from '../db/generation-cache.ts';
import { PadListCache } from './pad-list-cache.ts';
import { padListVersion } from './pads-repository.ts';
import * as service from './pads-service.ts';

/**
 * Response schemas, derived from the shared zod ones, let Fastify compile a serializer
 * for the pad list (the hottest response) instead of walking it with JSON.stringify.
 */
const padJson = z.toJSONSchema(padSchema, { target: 'draft-7' });
const padPageJson = z.toJSONSchema(pageSchema(padSchema), { target: 'draft-7' });

export function registerPadRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: BlobStorage; quotas: QuotaGuard },
) {
  const withLog = () => ({ ...deps, log: app.log });

  const pageCache = new PadListCache();
  const versions = new GenerationCache<number>(deps.db, (ownerId) => padListVersion(deps.db, ownerId));
  const listResponses = { 200: padPageJson, 304: { type: 'null', description: 'Not modified' } };
  app.get('/pad/', { schema: { response: listResponses } }, async (request, reply) => {
    const ownerId = await requireUserId(request);
    const { cursor, limit } = readPageQuery(request.query);
    // Read before the list: a page built from newer rows than its version is only ever
    // thrown away early, never served stale.
    const version = await versions.read(ownerId, request);
    const etag = `W/"${ownerId}.${version}"`;
    reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const key = PadListCache.key(ownerId, limit, cursor);
    let body = pageCache.get(key, version);
    if (body === undefined) {
      body = text(reply.serialize(await service.listPads(deps, ownerId, cursor, limit)));
      pageCache.set(key, version, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post('/pad/', async (request, reply) => {
    const ownerId = await requireUserId(request);
    const input = parseInput(createPadSchema, request.body);
    await deps.quotas.admitPad(ownerId);
    return reply.status(201).send(await service.createPad(withLog(), ownerId, input));
  });

  app.get<{ Params: { padId: string } }>(
    '/pad/:padId/',
    { schema: { response: { 200: padJson } } },
    async (request) => {
      const ownerId = await requireUserId(request);
      return service.getPad(deps, ownerId, request.params.padId);
    },
  );

  app.put<{ Params: { padId: string } }>('/pad/:padId/', async (request) => {
    const ownerId = await requireUserId(request);
    const input = parseInput(updatePadSchema, request.body);
    return service.updatePad(deps, ownerId, request.params.padId, input);
  });

  app.delete<{ Params: { padId: string } }>('/pad/:padId/', async (request, reply) => {
    const ownerId = await requireUserId(request);
    await service.deletePad(withLog(), ownerId, request.params.padId);
    return reply.status(204).send();
  });
}

/** The compiled JSON serializer answers a string; Fastify's types also allow bytes. */
function text(serialized: string | ArrayBuffer | Buffer): string {
  if (typeof serialized === 'string') return serialized;
  return Buffer.isBuffer(serialized) ? serialized.toString('utf8') : Buffer.from(serialized).toString('utf8');
}
