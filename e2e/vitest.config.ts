import { defineConfig } from 'vitest/config';

/**
 * sox dithers when it changes a recording's rate or depth, from a seed that differs each run, so
 * the same flite sentence became slightly different audio in each run, and a word's confidence
 * could cross a threshold in one run and not in the next (review-mode.test.ts saw 2 uncertain
 * words alone and 1 in the full run). -R seeds it the same way every time: tests and the tools
 * they call make the same audio on every run.
 */
process.env.SOX_OPTS ??= '-R';

/**
 * Files run side by side in E2E_LANES lanes (default 2): each starts its own built server on
 * a free port with its own data directory, mailbox and Chromium, so no file sees another's
 * state. Much of a file's time is spent waiting (the fake microphone plays in real time, the
 * worker transcribes), which a second lane fills. E2E_LANES=1 runs them one at a time.
 */
const lanes = Number(process.env.E2E_LANES ?? 2);
if (!Number.isInteger(lanes) || lanes < 1) {
  throw new Error(`E2E_LANES must be a whole number of at least 1, not "${process.env.E2E_LANES}"`);
}

/** End-to-end tests: the built app served by the built server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/tests/**/*.test.ts'],
    // Each file's CPU time (its process and the server and Chromium it started) for the
    // test-times reporter.
    setupFiles: ['scripts/test-cpu-time.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a page of notes took longer than that to show beside
    // Vitest and two benches (load 10-14). Like the browser's waits (support/browser.ts), a
    // poll waits for the app to do something, and a poll that gives up sooner says so itself.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    fileParallelism: lanes > 1,
    maxWorkers: lanes,
  },
});
