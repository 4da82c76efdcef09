import path from 'node:path';
import os from 'node:os';
import { z } from 'zod';
import { LIMITS } from '@voxpad/shared/limits';

/**
 * The whole configuration, read once from the environment at start. Anything wrong is
 * reported together, so an operator fixes everything in one go.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset to use SQLite)')
    .optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url('must be a full URL such as https://notes.example.org').optional(),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  TRANSCRIBER: z.enum(['pocketsphinx']).default('pocketsphinx'),
  POCKETSPHINX_MODEL_DIR: z.string().default('/usr/share/pocketsphinx/model/en-us'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(os.availableParallelism()),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(LIMITS.uploadBytesDefault),
  SIGNUP_OPEN: booleanFlag.default(true),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  roles: { api: boolean; worker: boolean };
  logLevel: string;
  publicUrl: string | undefined;
  trustProxy: boolean;
  /** Cookies carry `Secure` when the public URL is HTTPS. */
  secureCookies: boolean;
  webDistDir: string | undefined;
  transcription: {
    engine: 'pocketsphinx';
    pocketsphinxModelDir: string;
    concurrency: number;
  };
  uploadMaxBytes: number;
  signupOpen: boolean;
  sessionMaxAgeMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'voxpad.sqlite') },
    roles: { api: e.ROLE !== 'worker', worker: e.ROLE !== 'api' },
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    webDistDir: e.WEB_DIST_DIR,
    transcription: {
      engine: e.TRANSCRIBER,
      pocketsphinxModelDir: e.POCKETSPHINX_MODEL_DIR,
      concurrency: e.WORKER_CONCURRENCY,
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    signupOpen: e.SIGNUP_OPEN,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
  };
}
