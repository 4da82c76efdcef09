import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { requireUserId } from '../http/require-user.ts';
import { declaredBytes } from '../quotas/quota-guard.ts';
import { type ImportDeps, importProgress, startImport } from './import-service.ts';

type PadParams = { Params: { padId: string } };
type ImportParams = { Params: { importId: string } };

/** A zip into a pad, and its progress (ADR 0047). */
export function registerImportRoutes(app: FastifyInstance, deps: ImportDeps) {
  // The zip is the raw body, streamed to a file (never buffered), whatever its declared type:
  // the service refuses other types in words. Only this route, hence its own scope.
  void app.register((imports, _options, done) => {
    imports.addContentTypeParser('*', (_request, payload, next) => next(null, payload));
    imports.post<PadParams>('/pad/:padId/import/', async (request, reply) => {
      const ownerId = await requireUserId(request);
      const started = await startImport(deps, {
        ownerId,
        padId: request.params.padId,
        contentType: (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
        declaredBytes: declaredBytes(request.headers['content-length']),
        // A JSON body was parsed already (and is refused as not a zip): the request is what is left.
        body: request.body instanceof Readable ? request.body : request.raw,
      });
      return reply.status(202).header('Location', started.status_url).send(started);
    });
    done();
  });

  app.get<ImportParams>('/imports/:importId/', async (request) => {
    const ownerId = await requireUserId(request);
    return importProgress(deps.db, ownerId, request.params.importId);
  });
}
