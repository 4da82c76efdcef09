import type { FastifyInstance } from 'fastify';

import { requireUserId } from '../http/require-user.ts';
import { sendPeaks } from './peaks-presenter.ts';
import { type PeaksServiceDeps, readPeaks } from './peaks-service.ts';

type NoteParams = { Params: { padId: string; noteId: string } };

export function registerPeaksRoutes(app: FastifyInstance, deps: PeaksServiceDeps): void {
  app.get<NoteParams>('/pad/:padId/voicenote/:noteId/peaks/', async (request, reply) => {
    const ownerId = await requireUserId(request);
    const { padId, noteId } = request.params;
    return sendPeaks(reply, await readPeaks(deps, ownerId, padId, noteId));
  });
}
