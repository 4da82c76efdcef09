import path from 'node:path';

/** Where audio lives: files under DATA_DIR/blobs, or one bucket of an S3-compatible store. */
export type StorageSettings =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS itself. Set: MinIO, Garage, Ceph, R2... */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's default chain (AWS_* variables, an instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface SweeperSettings {
  /** Blobs and notes younger than this are never touched: their upload may still be running. */
  graceMs: number;
  /** How often the API process sweeps; 0 turns the periodic sweep off (`npm run sweep` still works). */
  intervalMs: number;
}

export interface StorageEnv {
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
}

/**
 * S3 is chosen the moment S3_BUCKET is set. Settings that only make sense with it, or a key
 * without its secret, are reported instead of silently falling back to local files.
 */
export function resolveStorage(
  e: StorageEnv,
  dataDir: string,
): { settings: StorageSettings; problems: string[] } {
  const problems: string[] = [];
  const local = { kind: 'local', dir: path.join(dataDir, 'blobs') } as const;
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => e[k]);
    if (stray.length > 0) {
      problems.push(
        `S3_BUCKET: is required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set; name the bucket audio goes to, or unset the S3_* settings to keep audio in DATA_DIR.`,
      );
    }
    return { settings: local, problems };
  }
  const hasKey = Boolean(e.S3_ACCESS_KEY_ID);
  const hasSecret = Boolean(e.S3_SECRET_ACCESS_KEY);
  if (hasKey !== hasSecret) {
    problems.push(
      `${hasKey ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: is required with ${hasKey ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}; set both, or neither to use the AWS default credentials.`,
    );
  } else if (!hasKey && e.S3_ENDPOINT) {
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: are required with S3_ENDPOINT; an S3-compatible store needs its access key and secret.',
    );
  }
  return {
    settings: {
      kind: 's3',
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      // Stores other than AWS mostly serve buckets as paths (http://host:9000/bucket/key).
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
    },
    problems,
  };
}
