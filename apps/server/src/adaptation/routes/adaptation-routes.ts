/**
 * GET/POST/DELETE /api/v1/adaptation/ (ADR 0038): what the recogniser learnt about the person,
 * a rebuild now (202), and forgetting all of it (204). Only ever the caller's own state.
 */
import type { FastifyInstance } from 'fastify';
import type { BlobStorage } from '../../storage/blob-storage.ts';
import { requireUserId } from '../../http/require-user.ts';
import { presentAdaptation } from '../state/adaptation-presenter.ts';
import type { AdaptationQueue } from '../state/adaptation-queue.ts';
import { forgetAdaptation } from '../state/forget-adaptation.ts';

export interface AdaptationRouteDeps {
  queue: AdaptationQueue;
  storage: BlobStorage;
  /** Wakes this process's builder, when it runs one. */
  onQueued?: () => void;
  /** ADAPTATION_GAIN_MIN_NOTES: shown so the screen can say how many notes are missing. */
  gainMinNotes: number;
}

export function registerAdaptationRoutes(app: FastifyInstance, deps: AdaptationRouteDeps): void {
  app.get('/adaptation/', async (request) =>
    presentAdaptation(await deps.queue.read(await requireUserId(request)), deps.gainMinNotes),
  );

  app.post('/adaptation/', async (request, reply) => {
    const userId = await requireUserId(request);
    await deps.queue.request(userId);
    deps.onQueued?.();
    return reply.status(202).send(presentAdaptation(await deps.queue.read(userId), deps.gainMinNotes));
  });

  app.delete('/adaptation/', async (request, reply) => {
    await forgetAdaptation(deps, await requireUserId(request));
    return reply.status(204).send();
  });
}
