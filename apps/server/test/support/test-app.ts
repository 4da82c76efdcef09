import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { Mailbox, registerMailbox, unregisterMailbox } from './mailbox.ts';
import { productApiRecorder } from './product-api-recorder.ts';
import pg from 'pg';
import {
  copySqliteTemplate,
  createPostgresDatabase,
  currentBackend,
  POSTGRES_ADMIN_URL,
} from './test-database.ts';

export interface TestApp extends App {
  baseUrl: string;
  dataDir: string;
  /** The SMTP server this app mails to. */
  mailbox: Mailbox;
  /** What the app was built with, e.g. to start a second process on the same database. */
  config: Config;
  close: () => Promise<void>;
}

/**
 * A real server on a loopback port, on the backend this project runs against, with its own
 * data directory, database (a copy of a migrated template: test-database.ts) and SMTP
 * mailbox. `env` overrides configuration (e.g. ROLE, UPLOAD_MAX_BYTES), `options` how the
 * app is built (e.g. a stream that collects its logs).
 * Email verification stays mandatory, as in production (signedUpClient follows the mailed
 * link); rate limits are off unless a test asks for them, because every test client comes
 * from 127.0.0.1 and per-IP limits would couple unrelated tests.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-test-'));
  const backend = currentBackend();
  // A copy of the migrated template, unless the test names a database of its own.
  const pgDb =
    backend === 'postgres' && env.DATABASE_URL === undefined
      ? await createPostgresDatabase({ migrated: true })
      : undefined;
  const mailbox = await Mailbox.start();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ROLE: 'api',
    WORKER_CONCURRENCY: '1',
    // A file's apps, and the next file's in the same Vitest worker, reuse the decoder threads
    // and their loaded model instead of loading it again for each app (ADR 0025).
    DECODER_KEEP_SECONDS: '300',
    SMTP_URL: mailbox.url,
    ACCOUNT_RATE_LIMITS: 'off',
    // The suites sign up and log in thousands of times; tests of the real cost ask for 'standard'
    // (configuration refuses the cheap one in production).
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: 'test' }),
    // Production requires it; elsewhere the app keeps one in its data directory.
    ...(env.NODE_ENV === 'production'
      ? { SECRET_KEY: 'test-secret-key-not-for-production-use-0123456789' }
      : {}),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  // A new SQLite file starts as a copy of the migrated template; a file that is there already
  // (another app's data directory, a restored backup) is the test's own.
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) {
    await copySqliteTemplate(config.database.file);
  }
  // In the API projects, every product API answer is checked against the OpenAPI document.
  const record = productApiRecorder();
  const built = await buildApp(
    config,
    record
      ? {
          ...options,
          instrument: (instance) => {
            record(instance);
            options.instrument?.(instance);
          },
        }
      : options,
  );
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  registerMailbox(baseUrl, mailbox);
  return {
    ...built,
    dataDir,
    baseUrl,
    mailbox,
    config,
    close: async () => {
      unregisterMailbox(baseUrl);
      await built.app.close();
      await mailbox.close();
      if (pgDb) {
        await connectionsClosed(pgDb.url);
        await pgDb.drop();
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * pg's pool resolves end() before its connections have finished closing; dropping the
 * database (WITH FORCE) under a closing connection makes it emit an error nobody listens to
 * any more. So wait, briefly, until the server has let go of every connection to it.
 */
async function connectionsClosed(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (Number(rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
}
