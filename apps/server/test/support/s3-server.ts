import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createS3Client, type S3Settings } from '../../src/storage/s3-client.ts';
import { S3Storage } from '../../src/storage/s3-storage.ts';

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-protocol server (s3rver) on a loopback port with its own temporary directory:
 * what the S3 store and the apps under test talk to. stop() and start() take it down and
 * bring it back on the same port with the same objects, to test an outage.
 */
export class S3TestServer {
  private server: S3rver | undefined;
  private readonly admin: S3Client;

  private constructor(
    readonly dir: string,
    readonly port: number,
    server: S3rver,
  ) {
    this.server = server;
    this.admin = new S3Client({
      region: 'us-east-1',
      endpoint: this.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    });
  }

  static async start(): Promise<S3TestServer> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-s3-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await server.run();
    return new S3TestServer(dir, port, server);
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A fresh, empty bucket (one per app or test keeps them apart). */
  async newBucket(): Promise<string> {
    const bucket = `voxpad-${randomBytes(6).toString('hex')}`;
    await this.admin.send(new CreateBucketCommand({ Bucket: bucket }));
    return bucket;
  }

  /** The server's S3_* settings for `bucket`. */
  env(bucket: string): Record<string, string> {
    return {
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** S3_* settings for a new bucket, to pass to startTestApp. */
  async bucketEnv(): Promise<Record<string, string>> {
    return this.env(await this.newBucket());
  }

  /** The settings the app would resolve from env(bucket). */
  settings(bucket: string): S3Settings {
    return {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: this.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    };
  }

  /** Our S3 store on `bucket`, built as the app builds it. */
  storage(bucket: string): S3Storage {
    return new S3Storage(createS3Client(this.settings(bucket)), bucket);
  }

  /** Every key in `bucket` (under `prefix`), read straight from the server. */
  async keys(bucket: string, prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.admin.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** Takes the server down at once, cutting open connections, as a crash or outage would. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = server.close();
    server.httpServer?.closeAllConnections();
    await closed;
  }

  /** Brings the server back on the same port, with the objects it had. */
  async restart(): Promise<void> {
    if (this.server) return;
    const server = new S3rver({ address: '127.0.0.1', port: this.port, silent: true, directory: this.dir });
    await server.run();
    this.server = server;
  }

  async close(): Promise<void> {
    await this.stop();
    this.admin.destroy();
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}
