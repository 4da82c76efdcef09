/**
 * Rebuilds by themselves (ADR 0038): a person whose learnable text or corrected audio grew by
 * enough since their last build is queued, without waiting for them to ask; the first build
 * starts the same way once enough is there, so adaptation needs no button.
 */
import type { AdaptationQueue } from '../state/adaptation-queue.ts';
import type { LearnableSource } from './learnable-source.ts';

export interface RebuildThresholds {
  /** New corrected audio that triggers a rebuild (ADAPTATION_REBUILD_AFTER_SECONDS). */
  seconds: number;
  /** New words of corrected text that trigger a rebuild (ADAPTATION_REBUILD_AFTER_WORDS). */
  words: number;
}

/** Queues the users changed since `since` who have enough new material; returns who was queued. */
export async function queueDueRebuilds(
  queue: AdaptationQueue,
  source: LearnableSource,
  thresholds: RebuildThresholds,
  since: number,
): Promise<string[]> {
  const queued: string[] = [];
  for (const userId of await source.usersChangedSince(since)) {
    const state = await queue.read(userId);
    if (state && (state.status === 'queued' || state.status === 'running')) continue;
    const totals = await source.totals(userId);
    const newSeconds = totals.seconds - Number(state?.corrected_seconds ?? 0);
    const newWords = totals.words - Number(state?.text_words_used ?? 0);
    if (newSeconds >= thresholds.seconds || newWords >= thresholds.words) {
      await queue.request(userId);
      queued.push(userId);
    }
  }
  return queued;
}
