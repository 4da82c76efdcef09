import { S3Client } from '@aws-sdk/client-s3';
import type { StorageSettings } from './storage-settings.ts';

export type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/**
 * One S3 client per process. Checksums only where S3 requires them: stores other than AWS
 * (MinIO, Garage, older Ceph) reject or ignore the newer flexible checksums. Timeouts make
 * a dead endpoint fail fast, so uploads answer 503 instead of hanging.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  });
}
