/**
 * `npm run bench:s3-upload`: one 200 MiB recording streamed over loopback to the real server
 * (its own process, ROLE=api) that keeps audio in an S3-compatible store (s3rver on loopback,
 * in this process), while the server's resident memory is sampled; then the same upload to a
 * server on local files as the baseline. Targets: with S3, memory grows by less than 64 MiB
 * (the body streams through in bounded multipart parts, never held whole), and the stored
 * object has every byte.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { createBlobStorage } from '../apps/server/src/storage/create-blob-storage.ts';
import { S3TestServer } from '../apps/server/test/support/s3-server.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { startChild } from './support/child-server.ts';
import { rssOf, sampleRss, streamWavUpload } from './support/streamed-upload.ts';

const TOTAL = 200 * 1024 * 1024;
const MAX_GROWTH = 64 * 1024 * 1024;

interface Result {
  store: string;
  seconds: number;
  before: number;
  peak: number;
  after: number;
  storedBytes: number;
}

async function measure(store: string, storeEnv: Record<string, string>): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-s3-upload-'));
  const env = { ...BENCH_ENV, ...storeEnv, DATA_DIR: dataDir, SWEEPER_INTERVAL_MINUTES: '0' };
  const app = await startChild('serve-app.ts', env);
  const storage = createBlobStorage(loadConfig({ ...env, HOST: '127.0.0.1', PORT: '0' }).storage);
  try {
    const client = new BenchClient(app.url);
    await client.login('uploader', 'bench password for uploads');
    const padId = String((await client.request('POST', '/api/v1/pad/', { name: 'Uploads' })).json().id);

    // Warm up the upload path (code, buffers, connections to the store), then settle.
    const warm = await streamWavUpload(client, padId, 16 * 1024 * 1024);
    if (warm.status !== 201) throw new Error(`${store}: warm-up upload failed: ${warm.status} ${warm.body}`);
    await new Promise((r) => setTimeout(r, 1000));

    const before = rssOf(app.pid);
    const sampler = sampleRss(app.pid);
    const started = performance.now();
    const res = await streamWavUpload(client, padId, TOTAL);
    const seconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    if (res.status !== 201) throw new Error(`${store}: upload failed: ${res.status} ${res.body}`);
    const note = JSON.parse(res.body) as { size_bytes: number };
    if (note.size_bytes !== TOTAL)
      throw new Error(`${store}: the note says ${note.size_bytes} bytes, sent ${TOTAL}`);
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssOf(app.pid);

    // The store itself, read as the server reads it: the largest blob is the 200 MiB one.
    let storedBytes = 0;
    for await (const blob of storage.list('')) storedBytes = Math.max(storedBytes, blob.sizeBytes);
    if (storedBytes !== TOTAL)
      throw new Error(`${store}: the store holds ${storedBytes} bytes, sent ${TOTAL}`);
    return { store, seconds, before, peak, after, storedBytes };
  } finally {
    storage.close?.();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const s3 = await S3TestServer.start();
let results: Result[];
try {
  results = [await measure('S3 (s3rver)', await s3.bucketEnv()), await measure('local files', {})];
} finally {
  await s3.close();
}

const mib = (n: number) => (n / 1024 / 1024).toFixed(1).padStart(6);
console.log(
  `one ${TOTAL / 1024 / 1024} MiB WAV upload, server RSS in MiB (before / peak / 2 s after / growth)`,
);
for (const r of results) {
  console.log(
    `${r.store.padEnd(12)} ${mib(r.before)} / ${mib(r.peak)} / ${mib(r.after)} / growth ${mib(r.peak - r.before)}   ${(TOTAL / 1e6 / r.seconds).toFixed(0)} MB/s, stored ${r.storedBytes} bytes`,
  );
}
const [s3Result, local] = results;
if (!s3Result || !local) throw new Error('both stores must have been measured');
const growth = s3Result.peak - s3Result.before;
const baseline = Math.max(1, local.peak - local.before);
console.log(`growth S3 / local: ${(growth / baseline).toFixed(2)}x`);
console.log(
  `S3 growth ${mib(growth).trim()} MiB (target < ${MAX_GROWTH / 1024 / 1024} MiB): ${growth < MAX_GROWTH ? 'PASS' : 'FAIL'}`,
);
process.exitCode = growth < MAX_GROWTH ? 0 : 1;
