import type { BlobStorage } from '../../storage/blob-storage.ts';
import { removeModels } from '../storage/model-blobs.ts';
import type { AdaptationQueue } from './adaptation-queue.ts';

/**
 * Forgets everything learnt about a person: their state row (so a running build stores nothing)
 * and every stored build. Account deletion calls this too; the sweeper removes any build whose
 * row is gone (a deletion that did not get this far, a builder that crashed).
 */
export async function forgetAdaptation(
  deps: { queue: AdaptationQueue; storage: BlobStorage },
  userId: string,
): Promise<void> {
  await deps.queue.forget(userId);
  await removeModels(deps.storage, userId);
}
