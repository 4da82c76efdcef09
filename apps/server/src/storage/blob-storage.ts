import type { Readable } from 'node:stream';

/** Where audio lives: files under the data dir by default, an S3-compatible store at scale. */
export interface BlobStorage {
  /**
   * Streams `body` to `key`. Nothing is visible under `key` until the whole body has been
   * written; on any failure the partial data is removed and the error is rethrown.
   */
  put(key: string, body: Readable): Promise<{ sizeBytes: number }>;
  /** Reads `key`, optionally a byte range (inclusive end), as a stream. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The whole blob, for the transcription worker. */
  read(key: string): Promise<Uint8Array>;
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
  /** Confirms the store can be written, for readiness checks. */
  check(): Promise<void>;
}
