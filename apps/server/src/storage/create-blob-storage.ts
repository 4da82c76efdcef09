import type { BlobStorage } from './blob-storage.ts';
import { LocalStorage } from './local-storage.ts';
import { createS3Client } from './s3-client.ts';
import { S3Storage } from './s3-storage.ts';
import type { StorageSettings } from './storage-settings.ts';

/** The store the configuration names: S3 when S3_BUCKET is set, files under DATA_DIR otherwise. */
export function createBlobStorage(settings: StorageSettings): BlobStorage {
  if (settings.kind === 's3') return new S3Storage(createS3Client(settings), settings.bucket);
  return new LocalStorage(settings.dir);
}
