import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobStorage, StoredBlob } from './blob-storage.ts';
import { BlobNotFoundError, StorageUnavailableError } from './storage-errors.ts';
import { assertValidKey } from './storage-keys.ts';

/**
 * Streamed uploads hold at most (QUEUE_SIZE + 1) parts in memory: one filling, the others
 * on the wire. S3 wants parts of at least 5 MiB.
 */
export const S3_PART_SIZE = 6 * 1024 * 1024;
export const S3_QUEUE_SIZE = 2;

/**
 * Blobs as objects in one bucket of an S3-compatible store. A put becomes visible only when
 * S3 completes it (one PutObject, or CompleteMultipartUpload for bodies larger than a part);
 * a failed put aborts its multipart upload and deletes the key, so nothing half-written stays.
 * Every failure to reach the store is a StorageUnavailableError.
 */
export class S3Storage implements BlobStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, body: Readable): Promise<{ sizeBytes: number }> {
    assertValidKey(key);
    let sizeBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        sizeBytes += chunk.length;
        callback(null, chunk);
      },
    });
    // Feeding the counter fails when the body does; destroying the counter destroys the body.
    const feeding = pipeline(body, counter).then(
      () => undefined,
      (error: unknown) => error,
    );
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counter },
      partSize: S3_PART_SIZE,
      queueSize: S3_QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The body's own failure (a client that went away) wins over what S3 said about it.
      const bodyFailed = body.errored !== null || (body.destroyed && !body.readableEnded);
      counter.destroy();
      const bodyError = await feeding;
      // Covers a completion S3 performed but whose answer was lost.
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
        .catch(() => undefined);
      if (bodyFailed) throw bodyError ?? error;
      throw unavailable('store', key, error);
    }
    const bodyError = await feeding;
    if (bodyError) throw bodyError;
    return { sizeBytes };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    const response = await this.client.send(command).catch((error: unknown) => {
      throw isNotFound(error) ? new BlobNotFoundError(key) : unavailable('read', key, error);
    });
    if (!(response.Body instanceof Readable)) throw unavailable('read', key, new Error('no body stream'));
    return response.Body;
  }

  async read(key: string): Promise<Uint8Array> {
    const stream = await this.get(key);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch (error) {
      throw unavailable('read', key, error);
    }
    return Buffer.concat(chunks);
  }

  async size(key: string): Promise<number | undefined> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw unavailable('look up', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers a delete of a missing key with success, so deleting twice is fine.
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => {
        if (!isNotFound(error)) throw unavailable('delete', key, error);
      });
  }

  async *list(prefix: string): AsyncIterable<StoredBlob> {
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        )
        .catch((error: unknown) => {
          throw unavailable('list', prefix, error);
        });
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key,
          sizeBytes: object.Size ?? 0,
          modifiedAt: object.LastModified?.getTime() ?? 0,
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The bucket exists and our credentials reach it (a HEAD: cheap enough for every probe). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket })).catch((error: unknown) => {
      throw unavailable('reach', this.bucket, error);
    });
  }

  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException && error.name !== 'NoSuchBucket') {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  }
  return false;
}

/** What the operator needs (the S3 error name or the network code); never a credential. */
function unavailable(action: string, key: string, cause: unknown): StorageUnavailableError {
  const detail =
    cause instanceof S3ServiceException
      ? `${cause.name} (HTTP ${cause.$metadata.httpStatusCode ?? '?'})`
      : cause instanceof Error
        ? ((cause as NodeJS.ErrnoException).code ?? cause.message)
        : String(cause);
  return new StorageUnavailableError(`Could not ${action} ${key} in S3: ${detail}`, { cause });
}
