/**
 * Where the transcription worker thread's code is (worker-thread.ts). The audio decoder and
 * the pocketsphinx pool both start their threads from it, so the bundle carries one worker
 * file for both.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';

import { TranscriptionError } from './errors.ts';

/**
 * The V8 heap limits of every transcription thread (decoders, live streams, audio decoding;
 * ADR 0064). Their work is native code and typed arrays whose bytes live outside the V8 heap,
 * so a small young generation is enough; V8's default (up to 16 MiB a semi-space) let each of
 * the four or five threads of a busy server keep tens of MiB it did not need.
 */
export const TRANSCRIPTION_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 4 };

export interface WorkerEntry {
  /** Module the Worker loads. */
  filename: URL;
  /** Extra process.argv entries for the worker. */
  argv: string[];
}

/**
 * Decides which module the workers run.
 *
 * - Running from TypeScript source (Vitest, `tsx watch`): `worker-thread.ts`,
 *   loaded through dev-worker.mjs. Node 20 ignores `--import tsx` in a
 *   Worker's execArgv (nodejs/node#47747; fails with ERR_UNKNOWN_FILE_EXTENSION
 *   on 20.20), so the bootstrap registers tsx itself.
 * - Running from the bundle: `transcription-worker.js` next to it.
 *
 * An explicit `workerUrl` overrides the choice; a `.ts` URL is again run via tsx.
 *
 * VOXPAD_WORKER_BUNDLE (the test run sets it, vitest.config.ts, only when the built bundle is
 * newer than every source file) makes source runs start the built worker instead: through tsx a
 * thread spends about 1 CPU second loading its code, the bundle 0.25 s, and the suite starts a
 * thread for every recording it decodes.
 */
export function resolveWorkerEntry(workerUrl?: URL): WorkerEntry {
  const fromSource = isTypeScript(new URL(import.meta.url));
  const bundle = process.env.VOXPAD_WORKER_BUNDLE;
  if (fromSource && !workerUrl && bundle) return { filename: pathToFileURL(bundle), argv: [] };
  const url =
    workerUrl ?? new URL(fromSource ? './worker-thread.ts' : './transcription-worker.js', import.meta.url);
  if (!isTypeScript(url)) return { filename: url, argv: [] };
  return { filename: devBootstrapUrl(), argv: [url.href] };
}

function isTypeScript(url: URL): boolean {
  return /\.[cm]?ts$/.test(url.pathname);
}

/**
 * dev-worker.mjs sits next to this file in the source tree. Its `tsx` import
 * resolves from there; fail early with a clear message if tsx is missing
 * (it is a devDependency, absent in production installs).
 */
function devBootstrapUrl(): URL {
  try {
    createRequire(import.meta.url).resolve('tsx/package.json');
  } catch (error) {
    throw new TranscriptionError(
      'worker_failed',
      'Running the transcription worker from TypeScript source needs the `tsx` package; install dev dependencies or use the built server.',
      { cause: error },
    );
  }
  return new URL('./dev-worker.mjs', import.meta.url);
}
