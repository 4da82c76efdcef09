import path from 'node:path';
import os from 'node:os';
import { z } from 'zod';
import { LIMITS } from '@voxpad/shared/limits';
import { MAX_DURATION_SECONDS_DEFAULT } from '@voxpad/shared/voice-notes';
import { resolveRateLimits, type RateLimits } from '../rate-limit/rates.ts';
import {
  GITHUB_API_URL,
  GITHUB_WEB_URL,
  resolveSocialProviders,
  socialProvidersJson,
  type SocialProviderSettings,
} from '../auth/social/social-settings.ts';

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
  TRANSCRIBER: z.enum(['pocketsphinx', 'whisper', 'openai']).default('pocketsphinx'),
  WHISPER_MODEL_PATH: z.string().min(1).optional(),
  WHISPER_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  OPENAI_BASE_URL: z
    .url('must be a full URL such as https://api.openai.com/v1')
    .default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
  OPENAI_MODEL: z.string().min(1).default('whisper-1'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  POCKETSPHINX_MODEL_DIR: z.string().default('/usr/share/pocketsphinx/model/en-us'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(os.availableParallelism()),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(LIMITS.uploadBytesDefault),
  MAX_DURATION_SECONDS: z.coerce.number().int().min(1).default(MAX_DURATION_SECONDS_DEFAULT),
  TRANSCRIPTION_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  SIGNUP_OPEN: booleanFlag.default(true),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  ACCOUNT_EMAIL_VERIFICATION: z.enum(['mandatory', 'none']).default('mandatory'),
  ACCOUNT_LOGIN_ON_PASSWORD_RESET: booleanFlag.default(false),
  ACCOUNT_RATE_LIMITS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        resolveRateLimits(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  // Empty counts as unset, as container environments often pass it.
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(
        /^smtps?:\/\/\S+$/,
        'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587',
      )
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Voxpad <voxpad@localhost>'),
  DEV_OUTBOX: booleanFlag.optional(),
  // Social login (ADR 12): OpenID Connect providers as JSON, plus the Google and GitHub presets.
  SOCIAL_PROVIDERS: socialProvidersJson,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_URL: z.url().default(GITHUB_WEB_URL),
  GITHUB_API_URL: z.url().default(GITHUB_API_URL),
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
    engine: 'pocketsphinx' | 'whisper' | 'openai';
    pocketsphinxModelDir: string;
    concurrency: number;
    whisper: { modelPath: string | undefined; threads: number };
    openai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };
  };
  uploadMaxBytes: number;
  /** Longest recording accepted: checked from a WAV header at upload, by the worker otherwise. */
  maxDurationSeconds: number;
  /** How long a transcription lease lasts without a heartbeat (a crashed worker's note waits this long). */
  transcriptionLeaseMs?: number;
  signupOpen: boolean;
  sessionMaxAgeMs: number;
  accounts: {
    emailVerification: 'mandatory' | 'none';
    loginOnPasswordReset: boolean;
    rateLimits: RateLimits;
  };
  mail: {
    /** Unset: mails are written to DATA_DIR/outbox instead of being sent. */
    smtpUrl: string | undefined;
    from: string;
    /** Serve GET /api/v1/dev/outbox/ to loopback clients. */
    devOutbox: boolean;
  };
  social: {
    /** Third-party login providers, in the order the login screen lists them. */
    providers: SocialProviderSettings[];
  };
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
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.TRANSCRIBER === 'whisper' && !e.WHISPER_MODEL_PATH) {
    throw new ConfigError([
      'WHISPER_MODEL_PATH: is required when TRANSCRIBER=whisper: a ggml model file, e.g. from `npm run download-model -w @voxpad/server -- base.en`',
    ]);
  }
  const social = resolveSocialProviders(e);
  if (social.problems.length > 0) throw new ConfigError(social.problems);
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
      whisper: { modelPath: e.WHISPER_MODEL_PATH, threads: e.WHISPER_THREADS },
      openai: {
        baseUrl: e.OPENAI_BASE_URL,
        apiKey: e.OPENAI_API_KEY,
        model: e.OPENAI_MODEL,
        timeoutMs: e.OPENAI_TIMEOUT_MS,
      },
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    maxDurationSeconds: e.MAX_DURATION_SECONDS,
    transcriptionLeaseMs: e.TRANSCRIPTION_LEASE_MS,
    signupOpen: e.SIGNUP_OPEN,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    accounts: {
      emailVerification: e.ACCOUNT_EMAIL_VERIFICATION,
      loginOnPasswordReset: e.ACCOUNT_LOGIN_ON_PASSWORD_RESET,
      rateLimits: resolveRateLimits(e.ACCOUNT_RATE_LIMITS),
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      devOutbox: e.DEV_OUTBOX ?? e.NODE_ENV !== 'production',
    },
    social: { providers: social.providers },
  };
}
