import { Readable } from 'node:stream';
import type { BlobStorage } from '../storage/blob-storage.ts';

/**
 * An upload's bytes as blobs: each PATCH stores what it received as one part named by the
 * offset it starts at, `uploads/<upload id>/<offset, 15 digits>.part`. Only BlobStorage is
 * used, so parts live wherever audio lives (local files or S3).
 */
export const UPLOADS_PREFIX = 'uploads/';
const OFFSET_DIGITS = 15;
const PART_NAME = /^uploads\/([^/]+)\/(\d{15})\.part$/;

export interface UploadPart {
  key: string;
  offset: number;
  sizeBytes: number;
}

export const uploadPrefix = (uploadId: string) => `${UPLOADS_PREFIX}${uploadId}/`;

export const partKey = (uploadId: string, offset: number) =>
  `${uploadPrefix(uploadId)}${String(offset).padStart(OFFSET_DIGITS, '0')}.part`;

/** The upload a part key belongs to, or undefined for a key that is not a part. */
export function uploadIdOfPart(key: string): string | undefined {
  return PART_NAME.exec(key)?.[1];
}

export class MissingPartsError extends Error {
  override readonly name = 'MissingPartsError';
}

/**
 * The parts holding the first `storedBytes` of an upload, in order. Parts at or past
 * `storedBytes` are leftovers of a write that never counted (the process died between
 * storing a part and recording it) and are ignored; the next write at that offset
 * replaces them.
 */
export async function storedParts(storage: BlobStorage, uploadId: string, storedBytes: number) {
  const byOffset = new Map<number, UploadPart>();
  for await (const blob of storage.list(uploadPrefix(uploadId))) {
    const match = PART_NAME.exec(blob.key);
    if (match?.[1] !== uploadId) continue;
    const offset = Number(match[2]);
    byOffset.set(offset, { key: blob.key, offset, sizeBytes: blob.sizeBytes });
  }
  const parts: UploadPart[] = [];
  let at = 0;
  while (at < storedBytes) {
    const part = byOffset.get(at);
    if (!part || part.sizeBytes === 0 || at + part.sizeBytes > storedBytes) {
      throw new MissingPartsError(`Upload ${uploadId} has no part at offset ${at} of ${storedBytes}.`);
    }
    parts.push(part);
    at += part.sizeBytes;
  }
  return parts;
}

/** The parts one after another, as one stream. */
export function streamParts(storage: BlobStorage, parts: UploadPart[]): Readable {
  async function* bytes() {
    for (const part of parts) {
      for await (const chunk of await storage.get(part.key)) yield chunk as Buffer;
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** Up to `length` bytes from the start of the upload (fewer when fewer are stored). */
export async function readStart(storage: BlobStorage, parts: UploadPart[], length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (const part of parts) {
    if (total >= length) break;
    const take = Math.min(part.sizeBytes, length - total);
    for await (const chunk of await storage.get(part.key, { start: 0, end: take - 1 })) {
      chunks.push(chunk as Buffer);
    }
    total += take;
  }
  return Buffer.concat(chunks).subarray(0, length);
}

/** Removes every part of the upload (also leftovers), whatever state it is in. */
export async function deleteParts(storage: BlobStorage, uploadId: string): Promise<void> {
  const keys: string[] = [];
  for await (const blob of storage.list(uploadPrefix(uploadId))) keys.push(blob.key);
  for (const key of keys) await storage.delete(key);
}
