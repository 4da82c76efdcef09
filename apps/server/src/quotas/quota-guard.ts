import type { Db } from '../db/database.ts';
import { ConcurrencySlots } from './concurrency-slots.ts';
import {
  doesNotFit,
  type QuotaExceeded,
  storageFull,
  tooManyPads,
  tooManyUploadBytes,
  tooManyUploads,
  tooManyV1Requests,
  tooManyV1Transcriptions,
  v1Busy,
} from './quota-problems.ts';
import type { QuotaSettings } from './quota-settings.ts';
import { quotaBucket, SlidingWindows, type WindowRate } from './sliding-window.ts';
import { padCount, storedBytes, unfinishedUploadBytes } from './usage-repository.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** What one admitted upload may still do, and how it ends. */
export interface UploadAllowance {
  /** The most bytes to accept: the size limit, or less when a quota leaves less room. */
  readonly maxBytes: number;
  /** The upload was kept at this size: its reservation becomes what it really weighed. */
  accepted(sizeBytes: number): Promise<void>;
  /**
   * The upload failed: what it reserved is freed, and a "too large" that only a quota
   * caused becomes that quota's refusal. Returns the error to throw.
   */
  failed(error: unknown): Promise<unknown>;
}

/**
 * Answers "may this user do this now?" before the work starts, and throws a QuotaExceeded
 * saying why not. Counts live in the database (every process shares them); only the /v1
 * concurrency slots are this process's own, since they guard this process's memory.
 */
export class QuotaGuard {
  private readonly windows: SlidingWindows;
  private readonly v1Slots: ConcurrencySlots;

  constructor(
    private readonly db: Db,
    readonly settings: QuotaSettings,
    /** UPLOAD_MAX_BYTES: uploads past it are refused by the upload itself, in its own words. */
    readonly uploadMaxBytes: number,
  ) {
    this.windows = new SlidingWindows(db);
    this.v1Slots = new ConcurrencySlots(settings.v1Concurrency, settings.v1ConcurrencyPerUser);
  }

  async admitPad(ownerId: string): Promise<void> {
    if ((await padCount(this.db, ownerId)) >= this.settings.padsPerUser) {
      throw tooManyPads(this.settings.padsPerUser);
    }
  }

  /** Counts one /v1 request against the per-minute limit. */
  async admitV1Request(userId: string): Promise<void> {
    const rate = { limit: this.settings.v1RequestsPerMinute, durationMs: MINUTE_MS };
    const taken = await this.windows.take(quotaBucket('v1-requests', userId), rate);
    if (!taken.ok) throw tooManyV1Requests(rate.limit, taken.retryAfterSeconds);
  }

  /** A /v1 transcription slot, or a 429; call the returned function when the request ends. */
  takeV1Slot(userId: string): () => void {
    const slot = this.v1Slots.acquire(userId);
    if ('full' in slot) {
      throw slot.full === 'user' ? tooManyV1Transcriptions(this.v1Slots.perUser) : v1Busy();
    }
    return slot.release;
  }

  /**
   * Admits an upload of `declaredBytes` (the request's Content-Length, when it has one):
   * counts it against the uploads per hour, checks the storage left when the audio will be
   * kept, and reserves its bytes in the hourly byte budget.
   */
  async admitUpload(
    ownerId: string,
    declaredBytes: number | undefined,
    { stores }: { stores: boolean },
  ): Promise<UploadAllowance> {
    const now = Date.now();
    const uploads = { limit: this.settings.uploadsPerHour, durationMs: HOUR_MS };
    const counted = await this.windows.take(quotaBucket('uploads', ownerId), uploads, 1, now);
    if (!counted.ok) throw tooManyUploads(uploads.limit, counted.retryAfterSeconds);
    try {
      // Past the size limit the upload refuses itself, in its own words; until then it weighs the most it may.
      const declared = declaredBytes === undefined ? undefined : Math.min(declaredBytes, this.uploadMaxBytes);
      const free = stores ? await this.roomFor(ownerId, declared) : Infinity;
      const reserved = await this.reserveBytes(ownerId, declared, now);
      return this.allowance(ownerId, free, reserved);
    } catch (error) {
      // A refused upload does not count as one.
      await this.windows.release(counted.id);
      throw error;
    }
  }

  /**
   * Free storage, or a refusal when `sizeBytes` more would not fit. Unfinished resumable
   * uploads hold the room they declared, whatever path the new bytes take.
   */
  async roomFor(ownerId: string, sizeBytes: number | undefined): Promise<number> {
    const limit = this.settings.storageBytes;
    const { stored, unfinished } = await this.usage(ownerId);
    const used = stored + unfinished;
    if (used >= limit) throw storageFull(stored, limit, unfinished);
    if (sizeBytes !== undefined && sizeBytes > limit - used)
      throw doesNotFit(limit - used, limit, unfinished);
    return limit - used;
  }

  /**
   * Checked after the audio was filed, or a resumable upload recorded: uploads racing each
   * other may all have fitted alone. The refusal to answer (after removing the new file or
   * upload) when the owner is now over quota.
   */
  async overflow(ownerId: string, sizeBytes: number): Promise<QuotaExceeded | undefined> {
    const limit = this.settings.storageBytes;
    const { stored, unfinished } = await this.usage(ownerId);
    const used = stored + unfinished;
    if (used <= limit) return undefined;
    return doesNotFit(Math.max(0, limit - (used - sizeBytes)), limit, unfinished);
  }

  /**
   * The whole guarded life of an upload that is kept: admitted, stored within the room it
   * has (`store` gets the most bytes to accept), then checked against racing uploads,
   * `unstore` undoing it if the account went over.
   */
  async storedUpload<T extends { size_bytes: number }>(
    ownerId: string,
    declaredBytes: number | undefined,
    store: (maxBytes: number) => Promise<T>,
    unstore: (stored: T) => Promise<void>,
  ): Promise<T> {
    const allowance = await this.admitUpload(ownerId, declaredBytes, { stores: true });
    let stored: T;
    try {
      stored = await store(allowance.maxBytes);
    } catch (error) {
      throw await allowance.failed(error);
    }
    await allowance.accepted(stored.size_bytes);
    const overflow = await this.overflow(ownerId, stored.size_bytes);
    if (overflow) {
      await unstore(stored);
      throw overflow;
    }
    return stored;
  }

  async storageUsage(ownerId: string): Promise<{ used_bytes: number; limit_bytes: number }> {
    return { used_bytes: await storedBytes(this.db, ownerId), limit_bytes: this.settings.storageBytes };
  }

  /** Stored audio, and the room unfinished resumable uploads hold for theirs. */
  private async usage(ownerId: string): Promise<{ stored: number; unfinished: number }> {
    const [stored, unfinished] = await Promise.all([
      storedBytes(this.db, ownerId),
      unfinishedUploadBytes(this.db, ownerId, Date.now()),
    ]);
    return { stored, unfinished };
  }

  private get byteRate(): WindowRate {
    return { limit: this.settings.uploadBytesPerHour, durationMs: HOUR_MS };
  }

  /** Reserves the declared size, or all an undeclared upload may send, in the hourly budget. */
  private async reserveBytes(
    ownerId: string,
    declaredBytes: number | undefined,
    now: number,
  ): Promise<{ id: string; bytes: number }> {
    const bucket = quotaBucket('upload-bytes', ownerId);
    const rate = this.byteRate;
    const room = rate.limit - (await this.windows.used(bucket, rate, now));
    const bytes = declaredBytes ?? Math.min(this.uploadMaxBytes, Math.max(1, room));
    if (bytes > room) {
      throw tooManyUploadBytes(rate.limit, await this.windows.retryAfter(bucket, rate, bytes, now));
    }
    const taken = await this.windows.take(bucket, rate, bytes, now);
    if (!taken.ok) throw tooManyUploadBytes(rate.limit, taken.retryAfterSeconds);
    return { id: taken.id, bytes };
  }

  private allowance(ownerId: string, free: number, reserved: { id: string; bytes: number }): UploadAllowance {
    const maxBytes = Math.min(this.uploadMaxBytes, free, reserved.bytes);
    const quotaBound = maxBytes < this.uploadMaxBytes;
    const { windows, byteRate: rate } = this;
    const storageLimit = this.settings.storageBytes;
    return {
      maxBytes,
      accepted: (sizeBytes) => windows.settle(reserved.id, sizeBytes),
      failed: async (error) => {
        await windows.release(reserved.id);
        if (!quotaBound || !isTooLarge(error)) return error;
        if (maxBytes === free) return doesNotFit(free, storageLimit);
        const bucket = quotaBucket('upload-bytes', ownerId);
        return tooManyUploadBytes(rate.limit, await windows.retryAfter(bucket, rate, maxBytes + 1));
      },
    };
  }
}

/** A 413 from either API: the upload went past the bytes it was allowed. */
function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 413;
}

/** The size a request announces (Content-Length); undefined when it does not say. */
export function declaredBytes(contentLength: string | undefined): number | undefined {
  return contentLength !== undefined && /^\d{1,15}$/.test(contentLength) ? Number(contentLength) : undefined;
}
