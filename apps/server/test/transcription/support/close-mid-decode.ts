/**
 * Run as its own process by pocketsphinx-pool-close.test.ts: a pool closed with almost no grace
 * while its thread is inside a native decode. The process must end by itself, with code 0.
 */
import { WorkerPool } from '../../../src/transcription/pocketsphinx/pool.ts';
import { resolveWorkerEntry } from '../../../src/transcription/worker-entry.ts';

const pool = new WorkerPool({ size: 1, entry: resolveWorkerEntry(undefined), closeGraceMs: 1 });
// 25 s of noise-like "speech": one long utterance, seconds of native decoding.
const pcm = new Int16Array(16_000 * 25);
for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin(i / 7) * 3000 + Math.sin(i / 3.1) * 2000);
let settled = false;
const job = pool.run(pcm, {}).then(
  () => (settled = true),
  () => (settled = true),
);
// Past the model load (about a second), well inside the seconds the decode takes.
await new Promise((resolve) => setTimeout(resolve, 4_000));
const decoding = !settled;
await pool.close();
await job;
process.stdout.write(`closed while decoding: ${decoding}\n`);
