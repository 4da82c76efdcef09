/**
 * How many live transcription sockets one account holds open at once in this process
 * (LIVE_STREAMS_PER_USER, ADR 0029). Each one keeps a decoder (and, for Opus, an ffmpeg)
 * busy for as long as it lasts, so the limit guards this process, as /v1's slots do. A place
 * is held by the connection itself: it is free again when the connection closes, whether
 * the upgrade went through or not, and however the socket ended.
 */
import type { Socket } from 'node:net';
import { ConcurrencySlots } from '../quotas/concurrency-slots.ts';
import { tooManyLiveStreams } from '../quotas/quota-problems.ts';

export class LiveStreamSlots {
  readonly #slots: ConcurrencySlots;

  constructor(readonly perUser: number) {
    this.#slots = new ConcurrencySlots(Number.POSITIVE_INFINITY, perUser);
  }

  /** Holds a place for `connection` until it closes; throws the 429 when the user holds all theirs. */
  hold(userId: string, connection: Socket): void {
    const slot = this.#slots.acquire(userId);
    if ('full' in slot) throw tooManyLiveStreams(this.perUser);
    if (connection.destroyed) slot.release();
    else connection.once('close', slot.release);
  }
}
