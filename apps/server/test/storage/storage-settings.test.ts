import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/srv/voxpad' } as const;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('storage settings', () => {
  it('keeps audio under DATA_DIR/blobs unless S3_BUCKET is set', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'local', dir: path.resolve('/srv/voxpad/blobs') });
    expect(loadConfig({ ...base, S3_BUCKET: '' }).storage.kind).toBe('local');
  });

  it('selects S3 the moment S3_BUCKET is set: AWS with its default credentials, or a given endpoint', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'voxpad-audio' }).storage).toEqual({
      kind: 's3',
      bucket: 'voxpad-audio',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const minio = loadConfig({
      ...base,
      S3_BUCKET: 'voxpad-audio',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'voxpad',
      S3_SECRET_ACCESS_KEY: 'a-long-secret',
    }).storage;
    expect(minio).toEqual({
      kind: 's3',
      bucket: 'voxpad-audio',
      region: 'eu-west-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'voxpad', secretAccessKey: 'a-long-secret' },
    });
    const virtualHosted = loadConfig({
      ...base,
      S3_BUCKET: 'voxpad-audio',
      S3_ENDPOINT: 'https://s3.example.net',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'false',
    }).storage;
    expect(virtualHosted).toMatchObject({ forcePathStyle: false });
  });

  it('names the missing pieces instead of falling back to local files', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      expect.stringMatching(/^S3_BUCKET: is required when S3_ENDPOINT, S3_ACCESS_KEY_ID are set/),
    ]);
    expect(problemsOf({ S3_BUCKET: 'voxpad-audio', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID/),
    ]);
    expect(problemsOf({ S3_BUCKET: 'voxpad-audio', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: are required with S3_ENDPOINT/),
    ]);
    expect(problemsOf({ S3_BUCKET: 'Not_A_Bucket' })).toEqual([
      expect.stringMatching(/^S3_BUCKET: must be a bucket name/),
    ]);
  });

  it('reads the sweeper grace period and interval in minutes', () => {
    expect(loadConfig(base).sweeper).toEqual({ graceMs: 3_600_000, intervalMs: 3_600_000 });
    expect(
      loadConfig({ ...base, SWEEPER_GRACE_MINUTES: '5', SWEEPER_INTERVAL_MINUTES: '0' }).sweeper,
    ).toEqual({
      graceMs: 300_000,
      intervalMs: 0,
    });
    expect(problemsOf({ SWEEPER_GRACE_MINUTES: '0' })).toEqual([
      expect.stringMatching(/^SWEEPER_GRACE_MINUTES/),
    ]);
  });

  it('stops the server with exit code 78 and never prints the secret', () => {
    const server = path.resolve(import.meta.dirname, '../../src/server.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATA_DIR: '/nonexistent/voxpad',
        S3_BUCKET: 'voxpad-audio',
        S3_SECRET_ACCESS_KEY: 'do-not-print-me',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY');
    expect(result.stderr + result.stdout).not.toContain('do-not-print-me');
  });
});
