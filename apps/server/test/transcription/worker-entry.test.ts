/**
 * The worker must start both from TypeScript source (Vitest, tsx) and from
 * the esbuild bundle, where the engine lives in dist/server.js and the worker
 * in dist/transcription-worker.js next to it (one worker file decodes audio and speech).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveWorkerEntry } from '../../src/transcription/worker-entry.ts';
import { SENTENCES } from './support/speech-fixtures.ts';
import { FixtureDir, keywordRecall, speak } from './support/speech.ts';

const sourceDir = new URL('../../src/transcription/', import.meta.url);

describe('resolveWorkerEntry', () => {
  it('runs worker-thread.ts through the tsx bootstrap when running from source', () => {
    // The test run may start the built bundle instead (VOXPAD_WORKER_BUNDLE, vitest.config.ts).
    const bundle = process.env.VOXPAD_WORKER_BUNDLE;
    delete process.env.VOXPAD_WORKER_BUNDLE;
    try {
      expect(resolveWorkerEntry()).toEqual({
        filename: new URL('dev-worker.mjs', sourceDir),
        argv: [new URL('worker-thread.ts', sourceDir).href],
      });
    } finally {
      if (bundle !== undefined) process.env.VOXPAD_WORKER_BUNDLE = bundle;
    }
  });

  it('starts the built bundle from source when VOXPAD_WORKER_BUNDLE names it', () => {
    const bundle = process.env.VOXPAD_WORKER_BUNDLE;
    process.env.VOXPAD_WORKER_BUNDLE = '/srv/voxpad/dist/transcription-worker.js';
    try {
      expect(resolveWorkerEntry()).toEqual({
        filename: new URL('file:///srv/voxpad/dist/transcription-worker.js'),
        argv: [],
      });
    } finally {
      if (bundle === undefined) delete process.env.VOXPAD_WORKER_BUNDLE;
      else process.env.VOXPAD_WORKER_BUNDLE = bundle;
    }
  });

  it('starts an explicit JavaScript worker directly', () => {
    const url = new URL('file:///srv/voxpad/dist/transcription-worker.js');
    expect(resolveWorkerEntry(url)).toEqual({ filename: url, argv: [] });
  });
});

describe('bundled build', () => {
  // Inside the package, so the bundles' external imports (koffi) resolve from
  // node_modules as they do from dist/; in a directory that git, the type-checker, the linter
  // and the formatter leave out, since they run while the tests do (scripts/test.mjs).
  const fixtures = fileURLToPath(new URL('../../.test-bundles/', import.meta.url));
  mkdirSync(fixtures, { recursive: true });
  const outdir = mkdtempSync(`${fixtures}bundle-`);
  const speech = new FixtureDir();
  afterAll(() => {
    rmSync(outdir, { recursive: true, force: true });
    if (readdirSync(fixtures).length === 0) rmSync(fixtures, { recursive: true });
    speech.remove();
  });

  it('finds transcription-worker.js next to the bundle, decodes the audio there and transcribes', async () => {
    // The same settings as apps/server/build.mjs.
    const common: BuildOptions = {
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      external: ['koffi'],
      logLevel: 'silent',
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    };
    await build({
      ...common,
      entryPoints: { 'transcription-worker': fileURLToPath(new URL('worker-thread.ts', sourceDir)) },
      outdir,
    });
    // A stand-in for server.js: the engine with its default worker location.
    await build({
      ...common,
      stdin: {
        contents: `
          import { createAudioDecoder } from './audio/audio-decoder.ts';
          import { transcribeRecording } from './audio/transcribe-recording.ts';
          import { createPocketsphinxTranscriber } from './pocketsphinx/engine.ts';
          const transcriber = createPocketsphinxTranscriber();
          const { transcript } = await transcribeRecording({
            decodeAudio: createAudioDecoder({ maxDurationSeconds: 600 }),
            transcriber,
            bytes: { path: process.argv[2] },
          });
          await transcriber.close();
          process.stdout.write(transcript.text);
        `,
        resolveDir: fileURLToPath(sourceDir),
        loader: 'ts',
      },
      outfile: `${outdir}/server.js`,
    });

    const wav = speak(SENTENCES[0]!.text, speech.file('bundled.wav'));
    const { stdout } = await promisify(execFile)(process.execPath, [`${outdir}/server.js`, wav]);
    expect(keywordRecall(SENTENCES[0]!.keywords, stdout)).toBeGreaterThanOrEqual(0.75);
  });
});
