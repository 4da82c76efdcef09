/**
 * A worker stops at once on shutdown, whatever its loop is doing: here stop() comes while the
 * loop is claiming (on the real queue and database, the claim held back a little), so there
 * is no sleep yet for it to wake. The loop must not then sleep a whole poll interval: with
 * JOB_POLL_MS at a minute that held every shutdown for a minute (a CI failure of
 * job-signals.test.ts, whose workers poll once a minute).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { TranscriptionRunner } from '../../src/jobs/transcription-runner.ts';
import { createAudioDecoder } from '../../src/transcription/audio/audio-decoder.ts';
import type { Transcriber } from '../../src/transcription/transcriber.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
}, 60_000);
afterAll(async () => {
  await server.close();
});

it('stops at once when stop() comes while a loop is claiming', async () => {
  const queue = new TranscriptionQueue(server.db, currentBackend());
  let claiming = 0;
  // The real queue; its claim answers 300 ms late, so stop() lands in the middle of one.
  const slowQueue = Object.assign(Object.create(queue) as TranscriptionQueue, {
    claimNext: async (workerId: string, leaseMs: number) => {
      claiming++;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return queue.claimNext(workerId, leaseMs);
    },
  });
  const unused: Transcriber = {
    name: 'unused',
    model: 'none',
    transcribe: () => Promise.reject(new Error('no job is queued')),
    close: async () => {},
  };
  const runner = new TranscriptionRunner({
    queue: slowQueue,
    storage: server.storage,
    transcriber: unused,
    decodeAudio: createAudioDecoder({ maxDurationSeconds: 60 }),
    log: server.app.log,
    concurrency: 2,
    pollMs: 60_000,
  });
  runner.start();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(claiming).toBe(2);
  const asked = performance.now();
  await runner.stop();
  const took = performance.now() - asked;
  expect(took, 'ms from stop() to stopped').toBeLessThan(2_000);
});
