import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app served by the built server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/tests/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
