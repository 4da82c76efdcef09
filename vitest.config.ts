import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './scripts/test-sequencer.mjs';

/**
 * sox dithers when it changes a recording's rate or depth, from a seed that differs each run, so
 * the same flite sentence became slightly different audio in each run, and a word's confidence
 * could cross a threshold in one run and not in the next (review-mode.test.ts saw 2 uncertain
 * words alone and 1 in the full run). -R seeds it the same way every time: tests and the tools
 * they call make the same audio on every run.
 */
process.env.SOX_OPTS ??= '-R';

/**
 * One run covers every suite. The server's API suite runs once per database backend
 * (TEST_DATABASES, default "sqlite,postgres"), but for the backend-independent files below;
 * a backend that was asked for and cannot be reached fails the run instead of being skipped.
 */
const backends = (process.env.TEST_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);

/**
 * API files that run on one backend only. Each asserts what is decided above the database:
 * audio decoding and formats, ffmpeg, the engines, live-socket framing and timing, HTTP
 * framing and headers, mail and link content, password hashing cost. The reads and writes
 * they make on the way (signing up, filing a note) are asserted on both backends by the files
 * that stay on both. ADR 0025 gives the rule and the reason for each file; a file not listed
 * here runs on every backend asked for, which is the safe default for a new one.
 * TEST_EVERY_BACKEND=1 runs these on every backend too (e.g. after a change to the database layer).
 */
const ONE_BACKEND_FILES = [
  // Audio in, words out: decoders, ffmpeg and the engines.
  'test/api/live-opus.test.ts',
  // The live socket's words and cuts; filing a live stream on each backend stays in
  // live-full-pass and security-live-sockets.
  'test/api/live-transcription.test.ts',
  'test/api/live-idle.test.ts',
  'test/api/security-ffmpeg.test.ts',
  // Each format transcribed through the API, and the reasons a recording fails; a note's
  // states, retry and versions stay on both backends in transcripts.test.ts.
  'test/api/transcripts-formats.test.ts',
  // The gain a build measures on held-out notes: two builds and four decodes, none of it in the
  // database; its columns are read back on both backends by adaptation.test.ts.
  'test/api/adaptation-gain.test.ts',
  'test/api/security-audio-limits.test.ts',
  'test/api/voice-notes-formats.test.ts',
  'test/api/openai-compat.test.ts',
  'test/api/openai-compat-formats.test.ts',
  'test/api/openai-compat-engine.test.ts',
  'test/api/security-v1-uploads.test.ts',
  // Where the bytes go: S3, and the tus client's resume.
  'test/api/voice-notes-s3.test.ts',
  'test/api/uploads-tus-client.test.ts',
  // HTTP framing, headers, cookies, redirects and logs.
  'test/api/security-headers-414.test.ts',
  'test/api/compression.test.ts',
  'test/api/graceful-close.test.ts',
  'test/api/security-session-headers.test.ts',
  'test/api/security-dev-outbox.test.ts',
  'test/api/security-logs.test.ts',
  'test/api/security-callback-url.test.ts',
  // Mail and link content, password hashing.
  'test/api/security-links.test.ts',
  'test/api/auth-mail.test.ts',
  'test/api/auth-mail-links.test.ts',
  'test/api/auth-password-validation.test.ts',
  'test/api/security-passwords.test.ts',
  // Decoding with a person's build on every path (uploads, live, the OpenAI-style route): a real
  // build and a dozen decodes. The build's rows and the lookup every decoder makes (the
  // adaptation queue's state, then the model cache) are checked on both backends by
  // test/api/adaptation.test.ts.
  'test/api/adaptation-decoding.test.ts',
  // Recognising the owner's voice from real speech: eight decodes of dialogues (about 2 minutes a
  // backend); what it stores is checked on both backends by test/jobs/voice-profiles.test.ts.
  'test/api/your-voice.test.ts',
];
for (const file of ONE_BACKEND_FILES) {
  if (!fs.existsSync(path.join(import.meta.dirname, 'apps/server', file))) {
    throw new Error(`vitest.config.ts lists ${file} as backend-independent, but there is no such file.`);
  }
}
/**
 * Worker threads (audio decoding, pocketsphinx) start from the built bundle when it is newer
 * than every server and shared source file (`npm test` builds first), else from source through
 * tsx: about 1 CPU second less per thread, and the suite starts one per recording it decodes
 * (ADR 0025). A stale bundle is never used.
 */
function freshWorkerBundle(): string | undefined {
  const bundle = path.join(import.meta.dirname, 'apps/server/dist/transcription-worker.js');
  if (!fs.existsSync(bundle)) return undefined;
  const built = fs.statSync(bundle).mtimeMs;
  const newer = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return newer(full);
      return /\.(ts|mjs|json)$/.test(entry.name) && fs.statSync(full).mtimeMs > built;
    });
  const sources = ['apps/server/src', 'packages/shared/src'].map((dir) =>
    path.join(import.meta.dirname, dir),
  );
  return sources.some(newer) ? undefined : bundle;
}
if (process.env.VOXPAD_WORKER_BUNDLE === undefined) {
  const bundle = freshWorkerBundle();
  if (bundle) process.env.VOXPAD_WORKER_BUNDLE = bundle;
}

/** Records each file's CPU time for the test-times reporter. */
const CPU_TIME = path.join(import.meta.dirname, 'scripts/test-cpu-time.ts');

/** SQLite when it was asked for (no server to wait on), otherwise the first backend asked for. */
const oneBackend = backends.includes('sqlite') ? 'sqlite' : backends[0];

const serverApiProjects = backends.map((backend) => {
  const elsewhere = backend === oneBackend || process.env.TEST_EVERY_BACKEND === '1' ? [] : ONE_BACKEND_FILES;
  return {
    test: {
      name: `server-api-${backend}`,
      root: 'apps/server',
      include: ['test/api/**/*.test.ts', 'test/jobs/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...elsewhere],
      // global-setup.ts prints how many files this project leaves to the other backend.
      env: {
        TEST_DB: backend,
        TEST_ONE_BACKEND: oneBackend,
        TEST_LEFT_TO_ONE_BACKEND: String(elsewhere.length),
      },
      // Every product API answer is checked against the OpenAPI document (ADR 0049).
      globalSetup: ['test/support/global-setup.ts', 'test/conformance/product-api-setup.ts'],
      setupFiles: [CPU_TIME],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
});

// The auth API checked against allauth's OpenAPI document, also once per backend.
const serverConformanceProjects = backends.map((backend) => ({
  test: {
    name: `server-conformance-${backend}`,
    root: 'apps/server',
    include: ['test/conformance/**/*.test.ts'],
    env: { TEST_DB: backend },
    globalSetup: ['test/support/global-setup.ts', 'test/conformance/coverage-setup.ts'],
    setupFiles: [CPU_TIME],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));

// Real server processes on PostgreSQL and a loopback S3 server, killed and restarted: run once,
// on PostgreSQL only (what they test is PostgreSQL), one file at a time (they load the machine).
// About a minute on two cores; TEST_SCALE=0 leaves them out of a quick local run. They are in
// the parallel pool, beside the other projects' files: Vitest runs a project with
// fileParallelism off only after everything else, alone (90 s at the end of the run). One at a
// time is kept by a lock (test/support/one-file-at-a-time.ts), and the sequencer spreads them
// out so they rarely wait for it (TEST_ONE_FILE_AT_A_TIME).
const serverScaleProjects =
  process.env.TEST_SCALE !== '0' && backends.includes('postgres')
    ? [
        {
          test: {
            name: 'server-scale-postgres',
            root: 'apps/server',
            include: ['test/scale/**/*.test.ts'],
            env: { TEST_DB: 'postgres', TEST_ONE_FILE_AT_A_TIME: '1' },
            globalSetup: ['test/support/global-setup.ts'],
            setupFiles: [CPU_TIME, 'test/support/one-file-at-a-time.ts'],
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
    // The slowest files first, across projects (scripts/test-sequencer.mjs, ADR 0025).
    sequence: { sequencer: SlowestFirstSequencer },
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
            'test/adaptation/**/*.test.ts',
          ],
          setupFiles: [CPU_TIME],
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
