import { speakersHintCount } from '@voxpad/shared/speakers';
import { PassThrough, type Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Db } from '../db/database.ts';
import { ApiProblem } from '../http/api-problem.ts';
import type { UploadRow } from '../db/schema.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { KeyedTurns } from '../lib/keyed-turns.ts';
import { expiryOf, type OpenUploadLimits } from './open-upload-limits.ts';
import { deleteParts, partKey, UPLOADS_PREFIX, uploadIdOfPart } from './upload-parts.ts';
import {
  advanceOffset,
  deleteUpload,
  existingUploadIds,
  findUpload,
  insertUpload,
  listExpiredUploadIds,
  markAudioChecked,
} from './uploads-repository.ts';

export interface BlobPartsStoreOptions {
  db: Db;
  storage: BlobStorage;
  /** When an upload expires: after a time without bytes, and at the end of its lifetime. */
  limits: OpenUploadLimits;
  /** Who creates the upload with this id: the route admitted them just before tus calls create(). */
  ownerOfNewUpload: (uploadId: string) => string | undefined;
  /**
   * Checks the owner's open uploads again once the new one is recorded (creations may race);
   * throws the refusal, and the new upload is removed.
   */
  confirmNew: (ownerId: string, lengthBytes: number) => Promise<void>;
  /**
   * Looks at the first bytes once enough are stored; false while too few are in, throws the
   * refusal when they are not audio.
   */
  checkStart: (upload: { id: string; length: number; stored: number }) => Promise<boolean>;
}

/** How many expired uploads one clean-up pass removes at most. */
const EXPIRY_BATCH = 100;
/**
 * Parts whose upload has no row are left by a process that died while filing or removing
 * it. They are removed once this old, well past the time filing the largest upload takes.
 */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * A tus data store writing through BlobStorage: each PATCH's bytes become one part
 * (upload-parts.ts), the upload's record is a row in `uploads`. A PATCH cut off part-way
 * keeps the bytes that arrived, so the client resumes right after them.
 *
 * tus reports an upload's expiry as `creation_date` + expiration (the idle time); the row's
 * `expires_at` is the real one (idle or lifetime, open-upload-limits.ts), so creation_date is
 * given as `expires_at` minus the idle time and tus tells clients the right moment.
 */
export class BlobPartsStore extends DataStore {
  readonly #creations = new KeyedTurns();

  constructor(private readonly options: BlobPartsStoreOptions) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const ownerId = this.options.ownerOfNewUpload(upload.id);
    if (!ownerId || upload.size === undefined) throw ERRORS.UNKNOWN_ERROR;
    // An owner's creations take turns in this process: each is counted after the ones before
    // it, so of racing creations the first ones fit and the rest are refused, instead of all
    // of them counting each other and being refused together. Across API processes the check
    // after the insert still never admits too many (ADR 0029).
    const size = upload.size;
    const expiresAt = await this.#creations.run(ownerId, () => this.#record(upload, ownerId, size));
    upload.creation_date = new Date(expiresAt - this.options.limits.idleMs).toISOString();
    return upload;
  }

  /** Records a new upload and confirms it fits; removes it again and throws when it does not. */
  async #record(upload: Upload, ownerId: string, size: number): Promise<number> {
    const meta = upload.metadata ?? {};
    const now = Date.now();
    const expiresAt = expiryOf(this.options.limits, now, now);
    await insertUpload(this.options.db, {
      id: upload.id,
      owner_id: ownerId,
      pad_id: meta.pad_id ?? '',
      file_name: meta.filename ?? '',
      file_type: meta.filetype ?? '',
      // admit-upload.ts has checked it is "auto" or 1..8.
      speakers_hint: meta.speakers ? speakersHintCount(meta.speakers) : null,
      length_bytes: size,
      offset_bytes: 0,
      created_at: now,
      updated_at: now,
      expires_at: expiresAt,
    });
    try {
      await this.options.confirmNew(ownerId, size);
    } catch (error) {
      await deleteUpload(this.options.db, upload.id);
      throw error;
    }
    return expiresAt;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await findUpload(this.options.db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return toTusUpload(row, this.options.limits.idleMs);
  }

  /** Stores what the request sends as the part at `offset`; returns the new offset. */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { db, storage, limits } = this.options;
    const row = await findUpload(db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (row.offset_bytes !== offset) throw ERRORS.INVALID_OFFSET;

    const key = partKey(id, offset);
    const { sizeBytes } = await storage.put(key, keepWhatArrives(stream));
    if (sizeBytes === 0) {
      await storage.delete(key);
      return offset;
    }
    const now = Date.now();
    const to = offset + sizeBytes;
    const expiresAt = expiryOf(limits, row.created_at, now);
    if (!(await advanceOffset(db, id, { from: offset, to, now, expiresAt }))) {
      throw ERRORS.INVALID_OFFSET;
    }
    if (!row.audio_checked) await this.checkStart(row, to);
    return to;
  }

  override async remove(id: string): Promise<void> {
    if (!(await deleteUpload(this.options.db, id))) throw ERRORS.FILE_NOT_FOUND;
    await deleteParts(this.options.storage, id);
  }

  override getExpiration(): number {
    return this.options.limits.idleMs;
  }

  /** Removes expired uploads and parts nobody owns any more; returns how many uploads went. */
  override async deleteExpired(): Promise<number> {
    const { db, storage } = this.options;
    let removed = 0;
    for (;;) {
      const ids = await listExpiredUploadIds(db, Date.now(), EXPIRY_BATCH);
      for (const id of ids) {
        // Another process may be removing it too: only the one that deletes the row counts it.
        if (await deleteUpload(db, id)) removed++;
        await deleteParts(storage, id);
      }
      if (ids.length < EXPIRY_BATCH) break;
    }
    return removed + (await this.deleteOrphanParts());
  }

  private async deleteOrphanParts(): Promise<number> {
    const { db, storage } = this.options;
    const lastWrite = new Map<string, number>();
    for await (const blob of storage.list(UPLOADS_PREFIX)) {
      const id = uploadIdOfPart(blob.key);
      if (id) lastWrite.set(id, Math.max(lastWrite.get(id) ?? 0, blob.modifiedAt));
    }
    const old = [...lastWrite].filter(([, at]) => at < Date.now() - ORPHAN_GRACE_MS).map(([id]) => id);
    const owned = await existingUploadIds(db, old);
    const orphans = old.filter((id) => !owned.has(id));
    for (const id of orphans) await deleteParts(storage, id);
    return orphans.length;
  }

  /** Refuses (and removes) the upload when its first bytes are not audio. */
  private async checkStart(row: UploadRow, stored: number): Promise<void> {
    let checked: boolean;
    try {
      checked = await this.options.checkStart({ id: row.id, length: row.length_bytes, stored });
    } catch (error) {
      // A refusal ends the upload; a storage hiccup does not (the client retries the PATCH).
      if (error instanceof ApiProblem) await this.remove(row.id).catch(() => undefined);
      throw error;
    }
    if (checked) await markAudioChecked(this.options.db, row.id);
  }
}

function toTusUpload(row: UploadRow, idleMs: number): Upload {
  return new Upload({
    id: row.id,
    size: row.length_bytes,
    offset: row.offset_bytes,
    metadata: {
      pad_id: row.pad_id,
      filename: row.file_name,
      filetype: row.file_type,
      ...(row.speakers_hint === null ? {} : { speakers: String(row.speakers_hint) }),
    },
    creation_date: new Date(row.expires_at - idleMs).toISOString(),
  });
}

/**
 * The request's bytes, ending cleanly when the client goes away: what arrived before the
 * connection dropped is stored as a complete part instead of being thrown away.
 */
function keepWhatArrives(source: Readable): Readable {
  const kept = new PassThrough();
  const end = () => {
    if (!kept.writableEnded) kept.end();
  };
  source.on('error', end);
  source.on('close', end);
  source.pipe(kept);
  return kept;
}
