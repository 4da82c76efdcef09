import type { Readable } from 'node:stream';

export interface StoredBlob {
  key: string;
  sizeBytes: number;
  /** When the blob was last written, in milliseconds since the epoch. */
  modifiedAt: number;
}

/** Where audio lives: files under the data dir by default, an S3-compatible store at scale. */
export interface BlobStorage {
  /**
   * Streams `body` to `key`. Nothing is visible under `key` until the whole body has been
   * written; on any failure the partial data is removed and the error is rethrown.
   */
  put(key: string, body: Readable): Promise<{ sizeBytes: number }>;
  /** Reads `key`, optionally a byte range (inclusive end), as a stream. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The whole blob, for small blobs (a long recording goes through blob-file.ts instead). */
  read(key: string): Promise<Uint8Array>;
  /**
   * The file that holds `key`, for stores that keep blobs as files, so a reader such as the
   * audio decoder opens it directly instead of a copy.
   */
  localPath?(key: string): string;
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Every blob whose key starts with `prefix`, in no particular order, for the sweeper and
   * for resumable uploads that keep their parts as blobs. Blobs still being written are not listed.
   */
  list(prefix: string): AsyncIterable<StoredBlob>;
  /** Confirms the store can be written, for readiness checks. */
  check(): Promise<void>;
  /** Lets go of connections when the app closes (S3's keep-alive sockets). */
  close?(): void;
}
