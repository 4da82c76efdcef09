/**
 * Run as its own process by pocketsphinx-pool-close.test.ts: a pool closed while its thread is
 * inside a native call. The process must end by itself, with code 0. The first argument says
 * when: `decoding` (a long decode under way) or `idle` (right after a job: the close's frees
 * are native calls too).
 */
import { WorkerPool } from '../../../src/transcription/pocketsphinx/pool.ts';
import { resolveWorkerEntry } from '../../../src/transcription/worker-entry.ts';

const mode = process.argv[2] ?? 'decoding';
const pool = new WorkerPool({ size: 1, entry: resolveWorkerEntry(undefined) });
// Noise-like "speech": one utterance per 25 s, seconds of native decoding each.
const noise = (seconds: number) => {
  const pcm = new Int16Array(16_000 * seconds);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin(i / 7) * 3000 + Math.sin(i / 3.1) * 2000);
  return pcm;
};
if (mode === 'idle') {
  await pool.run(noise(1), {});
  await pool.close();
  process.stdout.write('closed after the job\n');
} else {
  let settled = false;
  let decodingNow: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (decodingNow = resolve));
  // The first progress report comes from inside the decode (the model is loaded by then).
  const job = pool.run(noise(50), { onProgress: () => decodingNow() }).then(
    () => (settled = true),
    () => (settled = true),
  );
  await started;
  const decoding = !settled;
  await pool.close();
  await job;
  process.stdout.write(`closed while decoding: ${decoding}\n`);
}
