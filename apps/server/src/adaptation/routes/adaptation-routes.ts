/**
 * GET/POST/DELETE /api/v1/adaptation/ (ADR 0038): what the recogniser learnt about the person,
 * a rebuild now (202), and forgetting all of it (204), their voice profile too (ADR 0058);
 * DELETE /api/v1/adaptation/voice/ forgets only the voice profile. Only ever the caller's own state.
 */
import type { FastifyInstance } from 'fastify';
import type { BlobStorage } from '../../storage/blob-storage.ts';
import { requireUserId } from '../../http/require-user.ts';
import { presentAdaptation } from '../state/adaptation-presenter.ts';
import type { AdaptationQueue } from '../state/adaptation-queue.ts';
import { forgetAdaptation } from '../state/forget-adaptation.ts';
import type { Db } from '../../db/database.ts';
import { forgetVoiceProfile, readVoiceProfile } from '../../transcripts/owner-voice/voice-profile-store.ts';

export interface AdaptationRouteDeps {
  db: Db;
  queue: AdaptationQueue;
  storage: BlobStorage;
  /** Wakes this process's builder, when it runs one. */
  onQueued?: () => void;
  /** ADAPTATION_GAIN_MIN_NOTES: shown so the screen can say how many notes are missing. */
  gainMinNotes: number;
}

export function registerAdaptationRoutes(app: FastifyInstance, deps: AdaptationRouteDeps): void {
  const present = async (userId: string) =>
    presentAdaptation(
      await deps.queue.read(userId),
      deps.gainMinNotes,
      await readVoiceProfile(deps.db, userId),
    );

  app.get('/adaptation/', async (request) => present(await requireUserId(request)));

  app.post('/adaptation/', async (request, reply) => {
    const userId = await requireUserId(request);
    await deps.queue.request(userId);
    deps.onQueued?.();
    return reply.status(202).send(await present(userId));
  });

  app.delete('/adaptation/', async (request, reply) => {
    const userId = await requireUserId(request);
    await forgetAdaptation(deps, userId);
    await forgetVoiceProfile(deps.db, userId);
    return reply.status(204).send();
  });

  app.delete('/adaptation/voice/', async (request, reply) => {
    await forgetVoiceProfile(deps.db, await requireUserId(request));
    return reply.status(204).send();
  });
}
