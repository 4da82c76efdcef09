/**
 * `npm run bench:upload`: one 200 MB recording (the default upload limit) sent over
 * loopback to the real server in its own process, while that process's resident memory
 * is sampled. Targets: memory grows by less than 64 MB (the body is streamed, never held)
 * and the upload runs at 100 MB/s or more.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { startChild } from './support/child-server.ts';
import { sampleRss, streamWavUpload as upload, rssOf } from './support/streamed-upload.ts';

const TOTAL = 200 * 1024 * 1024;
const MAX_GROWTH = 64 * 1024 * 1024;
const MIN_MB_PER_S = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-upload-'));
const app = await startChild('serve-app.ts', { ...BENCH_ENV, DATA_DIR: dataDir });
try {
  const client = new BenchClient(app.url);
  await client.login('uploader', 'bench password for uploads');
  const pad = (await client.request('POST', '/api/v1/pad/', { name: 'Uploads' })).json();
  const padId = String(pad.id);

  // Warm up the upload path (code, buffers, file handles), then settle.
  const warm = await upload(client, padId, 16 * 1024 * 1024);
  if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
  await new Promise((r) => setTimeout(r, 1000));

  const baseline = rssOf(app.pid);
  const sampler = sampleRss(app.pid);
  const started = performance.now();
  const res = await upload(client, padId, TOTAL);
  const seconds = (performance.now() - started) / 1000;
  const peak = sampler.stop();
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.body}`);
  const note = JSON.parse(res.body) as { size_bytes: number; duration_seconds: number };
  if (note.size_bytes !== TOTAL) throw new Error(`stored ${note.size_bytes} bytes, sent ${TOTAL}`);

  const mb = (n: number) => (n / 1e6).toFixed(1);
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  const growth = peak - baseline;
  const rate = TOTAL / 1e6 / seconds;
  console.log(
    `uploaded ${mb(TOTAL)} MB (${TOTAL / 1024 / 1024} MiB, a ${(note.duration_seconds / 3600).toFixed(2)} h WAV) in ${seconds.toFixed(2)} s`,
  );
  console.log(
    `server RSS: ${mib(baseline)} MiB before, ${mib(peak)} MiB at peak, growth ${mib(growth)} MiB (target < ${mib(MAX_GROWTH)} MiB): ${growth < MAX_GROWTH ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `throughput ${rate.toFixed(0)} MB/s (target >= ${MIN_MB_PER_S} MB/s): ${rate >= MIN_MB_PER_S ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = growth < MAX_GROWTH && rate >= MIN_MB_PER_S ? 0 : 1;
} finally {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
