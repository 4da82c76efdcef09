import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createPostgresDatabase, currentBackend } from './test-database.ts';

export interface TestApp extends App {
  baseUrl: string;
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * A real server on a loopback port, on the backend this project runs against, with its own
 * data directory and database. `env` overrides configuration (e.g. ROLE, UPLOAD_MAX_BYTES).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-test-'));
  const backend = currentBackend();
  const pgDb = backend === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ROLE: 'api',
    WORKER_CONCURRENCY: '1',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const built = await buildApp(config);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    ...built,
    dataDir,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await built.app.close();
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
