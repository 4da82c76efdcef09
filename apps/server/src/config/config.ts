import path from 'node:path';
import os from 'node:os';
import { z } from 'zod';
import { BULK_LIMITS } from '@voxpad/shared/bulk-actions';
import { LIMITS } from '@voxpad/shared/limits';
import { TAG_LIMITS } from '@voxpad/shared/tags';
import { MAX_DURATION_SECONDS_DEFAULT } from '@voxpad/shared/voice-notes';
import { SHARES_MAX_PER_USER_DEFAULT } from '@voxpad/shared/shares';
import type { DatabaseSettings } from '../db/database.ts';
import type { MailSettings } from '../email/mail-settings.ts';
import { resolveRateLimits, type RateLimits } from '../rate-limit/rates.ts';
import { quotaEnv, resolveQuotas, type QuotaSettings } from '../quotas/quota-settings.ts';
import {
  GITHUB_API_URL,
  GITHUB_WEB_URL,
  resolveSocialProviders,
  socialProvidersJson,
  type SocialProviderSettings,
} from '../auth/social/social-settings.ts';
import { resolveStorage, type StorageSettings, type SweeperSettings } from '../storage/storage-settings.ts';
import { parsePrivateTargets, parseRetryDelays, type WebhookSettings } from '../webhooks/webhook-settings.ts';
import type { SummarySettings } from '../summaries/summary-settings.ts';

/**
 * The whole configuration, read once from the environment at start. Anything wrong is
 * reported together, so an operator fixes everything in one go.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Container environments often pass unset settings as empty strings. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

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
  PUBLIC_URL: z
    .url('must be a full URL such as https://notes.example.org')
    .refine(isSiteOrigin, 'must be the address of the site alone, such as https://notes.example.org')
    .optional(),
  TRUST_PROXY: booleanFlag.default(false),
  // Seals MFA secrets at rest and signs trusted-browser cookies (ADR 0017).
  SECRET_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .min(32, 'must be at least 32 characters of random text, e.g. from `openssl rand -base64 32`')
      .optional(),
  ),
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
  DECODER_KEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(0),
  // The live decoder kept loaded for the next stream is let go after this long unused (ADR 0065).
  LIVE_SPARE_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(LIMITS.uploadBytesDefault),
  MAX_DURATION_SECONDS: z.coerce.number().int().min(1).default(MAX_DURATION_SECONDS_DEFAULT),
  // Resumable uploads with no new bytes for this long are removed (fractions allowed, for tests).
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().max(8760).default(24),
  // However often it is written to, a resumable upload is removed this long after it started (ADR 0029).
  UPLOAD_MAX_LIFETIME_HOURS: z.coerce.number().positive().max(8760).default(72),
  // Unfinished resumable uploads one account may hold at once (ADR 0029).
  UPLOADS_OPEN_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  // Zips imported into a pad (ADR 0047): the upload, its files and their unpacked size.
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(4 * 1024 * 1024 * 1024),
  IMPORT_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  IMPORT_MAX_UNCOMPRESSED_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 1024 * 1024 * 1024),
  // A live stream that brings no frame this long is closed (fractions allowed, for tests).
  LIVE_IDLE_SECONDS: z.coerce.number().positive().max(86_400).default(600),
  // Live transcription sockets one account may hold open at once in one process (ADR 0029).
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  TRANSCRIPTION_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** How often an idle worker looks for work when no signal came (new work normally wakes it at once). */
  JOB_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1_000),
  /** `off`: no LISTEN/NOTIFY between processes (a pooler that cannot LISTEN); workers poll every JOB_POLL_MS. */
  JOB_SIGNALS: z.enum(['on', 'off']).default('on'),
  PROGRESS_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(6),
  PROGRESS_STREAM_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // The web build's own settings: the origins it talks to besides ours go into CSP connect-src.
  VITE_SENTRY_DSN: z.string().optional(),
  VITE_SENTRY_TUNNEL: z.string().optional(),
  VITE_API_URL: z.string().optional(),
  SIGNUP_OPEN: booleanFlag.default(true),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  ACCOUNT_EMAIL_VERIFICATION: z.enum(['mandatory', 'none']).default('mandatory'),
  ACCOUNT_LOGIN_ON_PASSWORD_RESET: booleanFlag.default(false),
  // allauth's username signup field: optional by default, derived from the email when left out.
  ACCOUNT_USERNAME_REQUIRED: booleanFlag.default(false),
  // allauth's ACCOUNT_REAUTHENTICATION_TIMEOUT; the e2e suite shortens it to see the password asked again.
  ACCOUNT_REAUTHENTICATION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // Test suites only: a cheap scrypt so thousands of logins stay fast. Refused in production.
  PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
  /** Lets a Prometheus scraper on another machine read /metrics (loopback needs no token). */
  // Empty means unset, as `METRICS_TOKEN=${VAR:-}` in a compose file or unit gives.
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional()),
  API_TOKENS_MAX_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  // Words and phrases one account may keep in its vocabulary (ADR 0036).
  VOCABULARY_MAX_WORDS: z.coerce.number().int().min(1).max(100_000).default(500),
  // Share links one account may hold at once (ADR 0044).
  SHARES_MAX_PER_USER: z.coerce.number().int().min(1).max(100_000).default(SHARES_MAX_PER_USER_DEFAULT),
  // Tags (ADR 0045): on one note (at most what one request may send), and kept by one account.
  TAGS_MAX_PER_NOTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(TAG_LIMITS.perRequestMax)
    .default(TAG_LIMITS.perNoteDefault),
  TAGS_MAX_PER_USER: z.coerce.number().int().min(1).max(100_000).default(TAG_LIMITS.perUserDefault),
  // Bulk actions on notes (ADR 0046): ids one request may name, and how long a delete can be undone.
  BULK_MAX_IDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(BULK_LIMITS.maxIdsCeiling)
    .default(BULK_LIMITS.maxIdsDefault),
  // Fractions allowed, for tests; the sweeper removes what is past it on its next run.
  BULK_UNDO_MINUTES: z.coerce.number().positive().max(1440).default(BULK_LIMITS.undoMinutesDefault),
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
  // Per-user quotas and rate limits (quotas/quota-settings.ts).
  ...quotaEnv,
  // Blob storage (storage/storage-settings.ts): an S3-compatible bucket the moment S3_BUCKET is set.
  S3_ENDPOINT: unsetIfEmpty(z.url('must be a full URL such as http://127.0.0.1:9000').optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: unsetIfEmpty(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: unsetIfEmpty(z.string().optional()),
  S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string().optional()),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  // Fractions allowed, for tests that sweep right after a crash; 0 stays refused.
  // Adaptation to one person (ADR 0038): corrected audio needed before the voice is learnt, new
  // material that starts a rebuild by itself, and the per-process cache of loaded personal models.
  ADAPTATION: z.enum(['on', 'off']).default('on'),
  ADAPTATION_MIN_AUDIO_SECONDS: z.coerce.number().min(0).max(86_400).default(180),
  ADAPTATION_REBUILD_AFTER_SECONDS: z.coerce.number().positive().max(86_400).default(300),
  ADAPTATION_REBUILD_AFTER_WORDS: z.coerce.number().int().min(1).max(1_000_000).default(500),
  ADAPTATION_CHECK_INTERVAL_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  ADAPTATION_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(120_000),
  ADAPTATION_MODEL_CACHE: z.coerce.number().int().min(1).max(1000).default(4),
  ADAPTATION_DECODERS_PER_WORKER: z.coerce.number().int().min(1).max(64).default(2),
  // The gain on held-out notes (ADR 0043): reviewed notes needed before it is measured, and the
  // most audio held out per build (each second is decoded twice); 0 seconds: never measured.
  ADAPTATION_GAIN_MIN_NOTES: z.coerce.number().int().min(2).max(1000).default(3),
  ADAPTATION_GAIN_MAX_SECONDS: z.coerce.number().min(0).max(3600).default(120),
  // Webhooks (ADR 0048): how many an account may hold, how often and how long a delivery is
  // tried, and whether targets on private networks may be called (off by default).
  WEBHOOKS_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  WEBHOOKS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  WEBHOOKS_RETRY_DELAYS_SECONDS: z
    .string()
    .default('5,30,120,600,3600,21600,86400')
    .transform((value, ctx) => {
      const delays = parseRetryDelays(value);
      if (typeof delays === 'string') {
        ctx.addIssue({ code: 'custom', message: delays });
        return z.NEVER;
      }
      return delays;
    }),
  WEBHOOKS_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const targets = parsePrivateTargets(value);
      if (typeof targets === 'string') {
        ctx.addIssue({ code: 'custom', message: targets });
        return z.NEVER;
      }
      return targets;
    }),
  // Summaries by a language model (ADR 0052): any OpenAI-compatible chat-completions API (Ollama,
  // llama.cpp's server, a hosted one). Off while LLM_BASE_URL is unset: nothing is sent anywhere.
  LLM_BASE_URL: unsetIfEmpty(
    z
      .url({ protocol: /^https?$/, error: 'must be a full http(s) URL such as http://127.0.0.1:11434/v1' })
      .optional(),
  ),
  LLM_API_KEY: unsetIfEmpty(z.string().optional()),
  LLM_MODEL: unsetIfEmpty(z.string().min(1).optional()),
  // Fractions allowed, for tests.
  LLM_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(120),
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(128).max(10_000_000).default(4096),
  SWEEPER_GRACE_MINUTES: z.coerce.number().positive().max(43_200).default(60),
  SWEEPER_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(43_200).default(60),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseSettings;
  roles: { api: boolean; worker: boolean };
  logLevel: string;
  publicUrl: string | undefined;
  trustProxy: boolean;
  /** Seals secrets at rest (MFA); unset outside production, a key kept in DATA_DIR/secret-key is used. */
  secretKey: string | undefined;
  /** Cookies carry `Secure` (and responses HSTS) when the public URL is HTTPS; also per request over HTTPS. */
  secureCookies: boolean;
  webDistDir: string | undefined;
  transcription: {
    engine: 'pocketsphinx' | 'whisper' | 'openai';
    pocketsphinxModelDir: string;
    concurrency: number;
    /** Decoder threads outlive a closed app this long for the next app of the process (tests). */
    decoderKeepMs: number;
    /** The spare live decoder is let go after this long unused; 0 keeps it (ADR 0065). */
    liveSpareIdleMs: number;
    whisper: { modelPath: string | undefined; threads: number };
    openai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };
  };
  uploadMaxBytes: number;
  /** Longest recording accepted: checked from a WAV header at upload, by the worker otherwise. */
  maxDurationSeconds: number;
  /** A resumable upload that receives no bytes for this long expires and is removed. */
  uploadExpiryMs: number;
  /** A resumable upload is removed this long after it was created, however often it is written to. */
  uploadMaxLifetimeMs: number;
  /** Unfinished resumable uploads one account may hold at once. */
  openUploadsPerUser: number;
  /** Zip imports: the largest upload, the most files in it and the most bytes they unpack to. */
  imports: { maxBytes: number; maxEntries: number; maxUncompressedBytes: number };
  /** A live stream with no frame for this long is closed, as a cut stream; its peer is pinged within it. */
  liveIdleMs: number;
  /** Live transcription sockets one account may hold open at once in this process. */
  liveStreamsPerUser: number;
  /** How long a transcription lease lasts without a heartbeat (a crashed worker's note waits this long). */
  transcriptionLeaseMs?: number;
  jobPollMs: number;
  /** PostgreSQL only: wake workers and progress streams in other processes with LISTEN/NOTIFY. */
  jobSignals: boolean;
  /** Live progress streams (events/): how many one user may hold, how often they poll without events. */
  progressStreams: { perUser: number; pollMs: number };
  /** Origins other than ours the web app connects to (error reporting, an API elsewhere). */
  webConnectOrigins: string[];
  signupOpen: boolean;
  sessionMaxAgeMs: number;
  accounts: {
    emailVerification: 'mandatory' | 'none';
    loginOnPasswordReset: boolean;
    /** Signup must name a username; otherwise one is derived from the email address. */
    usernameRequired: boolean;
    /** How long a login or reauthentication vouches for sensitive changes (emails, password). */
    reauthenticationTimeoutMs: number;
    rateLimits: RateLimits;
    /** scrypt parameters: `standard` (OWASP's), or `test` for the test suites only. */
    passwordHashCost: 'standard' | 'test';
  };
  /** Personal API tokens one account may hold at once (expired ones do not count). */
  apiTokensMaxPerUser: number;
  /** Words and phrases one account may keep in its vocabulary. */
  vocabularyMaxWords: number;
  /** Share links one account may hold (expired ones count until revoked). */
  sharesMaxPerUser: number;
  /** Tags on one voice note, and tags one account may keep (ADR 0045). */
  tags: { maxPerNote: number; maxPerUser: number };
  /** Bulk actions on notes: ids one request may name, and how long a bulk delete can be undone. */
  bulk: { maxIds: number; undoMs: number };
  metricsToken: string | undefined;
  quotas: QuotaSettings;
  /** Where audio lives: local files, or an S3 bucket. */
  storage: StorageSettings;
  sweeper: SweeperSettings;
  adaptation: {
    enabled: boolean;
    minAudioSeconds: number;
    rebuildAfterSeconds: number;
    rebuildAfterWords: number;
    checkIntervalMs: number;
    leaseMs: number;
    /** Personal models a process keeps unpacked (and decoders open) at once. */
    modelCache: number;
    /** Decoders each pocketsphinx worker thread keeps open, the stock one included (ADR 0040). */
    decodersPerWorker: number;
    /** Reviewed notes with a recording needed before a build's gain is measured (ADR 0043). */
    gainMinNotes: number;
    /** Seconds of held-out recordings measured at most per build; 0: the gain is not measured. */
    gainMaxSeconds: number;
  };
  webhooks: WebhookSettings;
  summaries: SummarySettings;
  mail: MailSettings;
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

/** An http(s) origin: no credentials, path, query or fragment for a link to inherit. */
function isSiteOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === ''
  );
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(\.\d{1,3}){3})$/i;

/**
 * Mailed links and the OAuth redirect URI come from PUBLIC_URL, or else from the address the
 * server listens on, which is right only for someone using it on this very machine.
 */
function missingPublicUrl(e: { NODE_ENV: string; HOST: string; PUBLIC_URL?: string | undefined }) {
  if (e.PUBLIC_URL) return undefined;
  const reachable = !LOOPBACK_HOST.test(e.HOST);
  const why = [
    ...(e.NODE_ENV === 'production' ? ['NODE_ENV is production (the default)'] : []),
    ...(reachable ? [`HOST=${e.HOST} lets other machines connect`] : []),
  ];
  if (why.length === 0) return undefined;
  return (
    `PUBLIC_URL: is required because ${why.join(' and ')}. Links in mails and the social login ` +
    'redirect are built from it, never from what a request claims. Set it to the address people ' +
    'open, e.g. PUBLIC_URL=https://notes.example.org' +
    (reachable ? '.' : ', or set NODE_ENV=development to try Voxpad on this machine only.')
  );
}

/** Origins of the absolute URLs among `values`; relative ones (a same-origin tunnel) need none. */
function originsOf(values: (string | undefined)[]): string[] {
  const origins = values.flatMap((value) =>
    value && URL.canParse(value) && /^https?:/.test(value) ? [new URL(value).origin] : [],
  );
  return [...new Set(origins)];
}

type Env = z.output<typeof envSchema>;

/**
 * Checks that weigh one variable against another, each naming the variables it reads: one
 * whose variable was already reported as malformed is left out (its problem is that report).
 */
const crossChecks: { reads: (keyof Env)[]; problems: (e: Env) => string[] }[] = [
  {
    reads: ['TRANSCRIBER', 'WHISPER_MODEL_PATH'],
    problems: (e) =>
      e.TRANSCRIBER === 'whisper' && !e.WHISPER_MODEL_PATH
        ? [
            'WHISPER_MODEL_PATH: is required when TRANSCRIBER=whisper: a ggml model file, e.g. from `npm run download-model -w @voxpad/server -- base.en`',
          ]
        : [],
  },
  {
    reads: [
      'SOCIAL_PROVIDERS',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'GITHUB_CLIENT_ID',
      'GITHUB_CLIENT_SECRET',
      'GITHUB_URL',
      'GITHUB_API_URL',
    ],
    problems: (e) => resolveSocialProviders(e).problems,
  },
  {
    reads: ['PASSWORD_HASH_COST', 'NODE_ENV'],
    problems: (e) =>
      e.PASSWORD_HASH_COST === 'test' && e.NODE_ENV === 'production'
        ? [
            'PASSWORD_HASH_COST: "test" makes passwords cheap to crack and is only for the test suites; leave it unset in production.',
          ]
        : [],
  },
  {
    reads: ['PUBLIC_URL', 'NODE_ENV', 'HOST'],
    problems: (e) => {
      const problem = missingPublicUrl(e);
      return problem ? [problem] : [];
    },
  },
  {
    reads: ['SECRET_KEY', 'NODE_ENV'],
    problems: (e) =>
      !e.SECRET_KEY && e.NODE_ENV === 'production'
        ? [
            'SECRET_KEY: is required because NODE_ENV is production (the default). It encrypts two-factor ' +
              'secrets in the database and signs "trust this browser" cookies; keep it safe and keep it ' +
              'unchanged, or everyone must set up two-factor authentication again. Make one with ' +
              '`openssl rand -base64 32`, or set NODE_ENV=development to have one kept in DATA_DIR.',
          ]
        : [],
  },
  {
    reads: [
      'DATA_DIR',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ],
    problems: (e) => resolveStorage(e, path.resolve(e.DATA_DIR)).problems,
  },
  {
    reads: ['LLM_BASE_URL', 'LLM_MODEL'],
    problems: (e) =>
      e.LLM_BASE_URL && !e.LLM_MODEL
        ? [
            'LLM_MODEL: is required when LLM_BASE_URL is set: the model to ask, e.g. llama3.2 for Ollama ' +
              "(llama.cpp's server answers with the model it loaded, whatever the name).",
          ]
        : [],
  },
];

/**
 * The parsed environment, or every problem in it at once: the malformed variables, then the
 * cross-checks among the rest, read with each malformed variable left out (so its default
 * stands in and no check reports it a second time).
 */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(env);
  const malformed = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Every variable is optional or has a default, so what is left always parses.
  const e = parsed.success
    ? parsed.data
    : envSchema.parse(Object.fromEntries(Object.entries(env).filter(([name]) => !malformed.has(name))));
  for (const check of crossChecks) {
    if (!check.reads.some((name) => malformed.has(name))) problems.push(...check.problems(e));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return e;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const social = resolveSocialProviders(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const storage = resolveStorage(e, dataDir);
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
    publicUrl: e.PUBLIC_URL && new URL(e.PUBLIC_URL).origin,
    trustProxy: e.TRUST_PROXY,
    secretKey: e.SECRET_KEY,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    // Relative to where the server was started, like DATA_DIR (the static file server wants an absolute path).
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    transcription: {
      engine: e.TRANSCRIBER,
      pocketsphinxModelDir: e.POCKETSPHINX_MODEL_DIR,
      concurrency: e.WORKER_CONCURRENCY,
      decoderKeepMs: e.DECODER_KEEP_SECONDS * 1000,
      liveSpareIdleMs: e.LIVE_SPARE_IDLE_SECONDS * 1000,
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
    uploadExpiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 3_600_000),
    uploadMaxLifetimeMs: Math.round(e.UPLOAD_MAX_LIFETIME_HOURS * 3_600_000),
    openUploadsPerUser: e.UPLOADS_OPEN_PER_USER,
    imports: {
      maxBytes: e.IMPORT_MAX_BYTES,
      maxEntries: e.IMPORT_MAX_ENTRIES,
      maxUncompressedBytes: e.IMPORT_MAX_UNCOMPRESSED_BYTES,
    },
    liveIdleMs: Math.round(e.LIVE_IDLE_SECONDS * 1000),
    liveStreamsPerUser: e.LIVE_STREAMS_PER_USER,
    transcriptionLeaseMs: e.TRANSCRIPTION_LEASE_MS,
    jobPollMs: e.JOB_POLL_MS,
    jobSignals: e.JOB_SIGNALS === 'on',
    progressStreams: { perUser: e.PROGRESS_STREAMS_PER_USER, pollMs: e.PROGRESS_STREAM_POLL_MS },
    webConnectOrigins: originsOf([e.VITE_SENTRY_DSN, e.VITE_SENTRY_TUNNEL, e.VITE_API_URL]),
    signupOpen: e.SIGNUP_OPEN,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    accounts: {
      emailVerification: e.ACCOUNT_EMAIL_VERIFICATION,
      loginOnPasswordReset: e.ACCOUNT_LOGIN_ON_PASSWORD_RESET,
      usernameRequired: e.ACCOUNT_USERNAME_REQUIRED,
      reauthenticationTimeoutMs: e.ACCOUNT_REAUTHENTICATION_TIMEOUT_SECONDS * 1000,
      rateLimits: resolveRateLimits(e.ACCOUNT_RATE_LIMITS),
      passwordHashCost: e.PASSWORD_HASH_COST,
    },
    apiTokensMaxPerUser: e.API_TOKENS_MAX_PER_USER,
    vocabularyMaxWords: e.VOCABULARY_MAX_WORDS,
    sharesMaxPerUser: e.SHARES_MAX_PER_USER,
    tags: { maxPerNote: e.TAGS_MAX_PER_NOTE, maxPerUser: e.TAGS_MAX_PER_USER },
    bulk: { maxIds: e.BULK_MAX_IDS, undoMs: Math.round(e.BULK_UNDO_MINUTES * 60_000) },
    metricsToken: e.METRICS_TOKEN,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      devOutbox: e.DEV_OUTBOX ?? e.NODE_ENV !== 'production',
    },
    social: { providers: social.providers },
    quotas: resolveQuotas(e, e.WORKER_CONCURRENCY),
    storage: storage.settings,
    adaptation: {
      enabled: e.ADAPTATION === 'on',
      minAudioSeconds: e.ADAPTATION_MIN_AUDIO_SECONDS,
      rebuildAfterSeconds: e.ADAPTATION_REBUILD_AFTER_SECONDS,
      rebuildAfterWords: e.ADAPTATION_REBUILD_AFTER_WORDS,
      checkIntervalMs: Math.round(e.ADAPTATION_CHECK_INTERVAL_SECONDS * 1000),
      leaseMs: e.ADAPTATION_LEASE_MS,
      modelCache: e.ADAPTATION_MODEL_CACHE,
      decodersPerWorker: e.ADAPTATION_DECODERS_PER_WORKER,
      gainMinNotes: e.ADAPTATION_GAIN_MIN_NOTES,
      gainMaxSeconds: e.ADAPTATION_GAIN_MAX_SECONDS,
    },
    webhooks: {
      maxPerUser: e.WEBHOOKS_MAX_PER_USER,
      maxAttempts: e.WEBHOOKS_MAX_ATTEMPTS,
      retryDelaysMs: e.WEBHOOKS_RETRY_DELAYS_SECONDS,
      timeoutMs: Math.round(e.WEBHOOKS_TIMEOUT_SECONDS * 1000),
      privateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    },
    summaries: {
      endpoint: e.LLM_BASE_URL
        ? { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL ?? '' }
        : undefined,
      timeoutMs: Math.round(e.LLM_TIMEOUT_SECONDS * 1000),
      contextTokens: e.LLM_CONTEXT_TOKENS,
    },
    sweeper: {
      graceMs: Math.round(e.SWEEPER_GRACE_MINUTES * 60_000),
      intervalMs: e.SWEEPER_INTERVAL_MINUTES * 60_000,
    },
  };
}
