import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads, and each thread imports React, the router and the rest once for all the
    // files it runs (each file still gets a fresh jsdom): in one run on two cores, 28 s and
    // 18 CPU seconds instead of 236 s and 98 (a process and a module graph per file; ADR 0025).
    pool: 'threads',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Beside the server suites and Chromium on two cores a test that takes 4 s alone took over
    // 5 s (queue-player.test.tsx in a full run at load 13); a hung test still fails, later.
    testTimeout: 20_000,
    setupFiles: ['src/testing/fail-on-console-error.ts', 'src/testing/async-timeout.ts'],
  },
});
