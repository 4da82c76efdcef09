import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportSelectionQuerySchema } from '@voxpad/shared/export-import';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import type { ExportDeps } from './export-archive.ts';
import { type ExportDownload, startExport } from './export-service.ts';

type PadParams = { Params: { padId: string } };

/** Downloads of a pad, chosen notes or the whole account as a zip (ADR 0047). */
export function registerExportRoutes(app: FastifyInstance, deps: ExportDeps) {
  app.get<PadParams>('/pad/:padId/export.zip', async (request, reply) => {
    const ownerId = await requireUserId(request);
    return sendZip(reply, await startExport(deps, ownerId, { padId: request.params.padId }));
  });

  app.get('/export.zip', async (request, reply) => {
    const ownerId = await requireUserId(request);
    const { ids } = parseInput(exportSelectionQuerySchema, request.query);
    const scope = ids ? { noteIds: ids } : { account: true as const };
    return sendZip(reply, await startExport(deps, ownerId, scope));
  });
}

function sendZip(reply: FastifyReply, download: ExportDownload): FastifyReply {
  download.body.on('error', (err) => reply.log.error({ err }, 'export stopped'));
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(download.body);
}
