import { defineConfig } from 'vitest/config';

/**
 * One run covers every suite. The server's API suite runs once per database backend
 * (TEST_DATABASES, default "sqlite,postgres"); a backend that was asked for and cannot be
 * reached fails the run instead of being skipped.
 */
const backends = (process.env.TEST_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);

const serverApiProjects = backends.map((backend) => ({
  test: {
    name: `server-api-${backend}`,
    root: 'apps/server',
    include: ['test/api/**/*.test.ts', 'test/jobs/**/*.test.ts'],
    env: { TEST_DB: backend },
    globalSetup: ['test/support/global-setup.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));

// The auth API checked against allauth's OpenAPI document, also once per backend.
const serverConformanceProjects = backends.map((backend) => ({
  test: {
    name: `server-conformance-${backend}`,
    root: 'apps/server',
    include: ['test/conformance/**/*.test.ts'],
    env: { TEST_DB: backend },
    globalSetup: ['test/support/global-setup.ts', 'test/conformance/coverage-setup.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));

// Real server processes on PostgreSQL and a loopback S3 server, killed and restarted: run once,
// on PostgreSQL only (what they test is PostgreSQL), one file at a time (they load the machine).
// About a minute on two cores; TEST_SCALE=0 leaves them out of a quick local run.
const serverScaleProjects =
  process.env.TEST_SCALE !== '0' && backends.includes('postgres')
    ? [
        {
          test: {
            name: 'server-scale-postgres',
            root: 'apps/server',
            include: ['test/scale/**/*.test.ts'],
            env: { TEST_DB: 'postgres' },
            globalSetup: ['test/support/global-setup.ts'],
            fileParallelism: false,
            testTimeout: 300_000,
            hookTimeout: 180_000,
          },
        },
      ]
    : [];

/**
 * The server's test files share nothing but the modules they import (no mocks, no module
 * state a file relies on being fresh), so they run without per-file isolation: each worker
 * imports Fastify, the AWS SDK and the rest once instead of once per file, which halves the
 * run (63 s against 29 s for 24 API files). The web project keeps isolation (jsdom).
 */
export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time; most of these files wait on child
    // processes, databases and HTTP rather than the CPU, so three at once finish far sooner.
    maxWorkers: 3,
    projects: [
      ...serverApiProjects,
      ...serverConformanceProjects,
      ...serverScaleProjects,
      {
        test: {
          name: 'server-unit',
          root: 'apps/server',
          include: [
            'test/unit/**/*.test.ts',
            'test/transcription/**/*.test.ts',
            'test/engines/**/*.test.ts',
            'test/storage/**/*.test.ts',
          ],
          isolate: false,
          testTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['**/*.test.mjs'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
