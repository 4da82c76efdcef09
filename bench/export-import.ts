/**
 * `npm run bench:export`: about 1 GB of notes (100 recordings of 10 MiB, each with a stored
 * transcript, filed straight into the server's database and blob store: nothing is
 * transcribed) exported as one zip through the real server in its own process, then imported
 * again into another pad, while the server's resident memory (VmRSS from /proc) is sampled
 * every 100 ms. Target: memory grows by less than 64 MiB in both directions (every file and
 * the zip are streamed, never held). Beside it: how long `zip -0 -r` of the same recordings
 * takes (the floor for writing that many bytes into a zip on this disk) and the load average.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ImportProgress, ImportStarted } from '@voxpad/shared/export-import';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { finishedColumns } from '../apps/server/src/jobs/transcription-queue.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { createBlobStorage } from '../apps/server/src/storage/create-blob-storage.ts';
import { storeEngineTranscript } from '../apps/server/src/transcripts/transcript-store.ts';
import { insertVoiceNote } from '../apps/server/src/voice-notes/voice-notes-repository.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { startChild } from './support/child-server.ts';
import { rssOf, sampleRss } from './support/streamed-upload.ts';
import { wavHeader } from './support/wav.ts';

const NOTES = Number(process.env.BENCH_NOTES ?? 100);
const NOTE_BYTES = 10 * 1024 * 1024;
const MAX_GROWTH = 64 * 1024 * 1024;
const SAMPLE_MS = 100;
const GIB = 1024 * 1024 * 1024;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-export-'));
const env = {
  ...BENCH_ENV,
  DATA_DIR: dataDir,
  SWEEPER_INTERVAL_MINUTES: '0',
  QUOTA_STORAGE_BYTES: String(4 * GIB),
  QUOTA_UPLOAD_BYTES_PER_HOUR: String(4 * GIB),
  QUOTA_UPLOADS_PER_HOUR: '1000',
  IMPORT_MAX_BYTES: String(2 * GIB),
};
const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A WAV of noise, made a mebibyte at a time. */
function noiseWav(bytes: number): Readable {
  return Readable.from(
    (function* () {
      yield wavHeader(bytes - 44);
      for (let left = bytes - 44; left > 0; left -= 1024 * 1024) {
        const chunk = Buffer.alloc(Math.min(left, 1024 * 1024));
        for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
        yield chunk;
      }
    })(),
  );
}

const app = await startChild('serve-app.ts', env);
const config = loadConfig({ ...env, HOST: '127.0.0.1', PORT: '0' });
const db = createDatabase(config.database);
const storage = createBlobStorage(config.storage);
try {
  const client = new BenchClient(app.url);
  await client.login('porter', 'bench password for exports');
  const padId = String(
    (await client.request('POST', '/api/v1/pad/', { name: 'Field recordings' })).json().id,
  );
  const copyId = String((await client.request('POST', '/api/v1/pad/', { name: 'Imported' })).json().id);
  const pad = await db
    .selectFrom('pads')
    .select('owner_id')
    .where('id', '=', padId)
    .executeTakeFirstOrThrow();
  const ownerId = pad.owner_id;

  console.log(`filing ${NOTES} notes of ${mib(NOTE_BYTES)} MiB with transcripts...`);
  for (let i = 0; i < NOTES; i++) {
    const now = Date.now();
    const id = newId(now);
    const key = `audio/${ownerId}/${id}.wav`;
    const { sizeBytes } = await storage.put(key, noiseWav(NOTE_BYTES));
    const seconds = (NOTE_BYTES - 44) / 32000;
    const words = Array.from({ length: 400 }, (_, w) => ({
      word: `word${w % 37}`,
      start: (w * seconds) / 400,
      end: ((w + 0.8) * seconds) / 400,
      confidence: 0.9,
    }));
    await db.transaction().execute(async (trx) => {
      await insertVoiceNote(trx, {
        id,
        pad_id: padId,
        owner_id: ownerId,
        title: `Recording ${i + 1}`,
        title_source: 'user',
        content_type: 'audio/wav',
        size_bytes: sizeBytes,
        storage_key: key,
        duration_seconds: seconds,
        created_at: now,
        updated_at: now,
        ...finishedColumns(),
      });
      const text = words.map((w) => w.word).join(' ');
      const segments = [{ start: 0, end: seconds, text, words }];
      await storeEngineTranscript(
        trx,
        { id, ownerId },
        { text, segments, madeBy: { engine: 'bench', model: 'x' } },
      );
    });
  }

  // Baseline: Info-ZIP storing the same recordings, no compression.
  const zipStarted = performance.now();
  const zipped = spawnSync('zip', ['-0', '-r', '-q', path.join(dataDir, 'plain.zip'), 'audio'], {
    cwd: path.join(dataDir, 'blobs'),
  });
  if (zipped.status !== 0) throw new Error(`zip failed: ${zipped.stderr.toString()}`);
  const zipSeconds = (performance.now() - zipStarted) / 1000;
  const plainBytes = statSync(path.join(dataDir, 'plain.zip')).size;
  rmSync(path.join(dataDir, 'plain.zip'));

  await new Promise((r) => setTimeout(r, 1000));
  const exportFile = path.join(dataDir, 'export.zip');
  const exportBefore = rssOf(app.pid);
  const exportLoad = load();
  let sampler = sampleRss(app.pid, SAMPLE_MS);
  let started = performance.now();
  const res = await fetch(`${app.url}/api/v1/pad/${padId}/export.zip`, {
    headers: { cookie: client.cookieHeader },
  });
  if (res.status !== 200 || !res.body) throw new Error(`export failed: ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(exportFile));
  const exportSeconds = (performance.now() - started) / 1000;
  const exportPeak = sampler.stop();
  const exportBytes = statSync(exportFile).size;
  const unzipped = spawnSync('unzip', ['-tq', exportFile]);
  if (unzipped.status !== 0) throw new Error(`unzip -t failed: ${unzipped.stdout.toString()}`);

  await new Promise((r) => setTimeout(r, 1000));
  const importBefore = rssOf(app.pid);
  const importLoad = load();
  sampler = sampleRss(app.pid, SAMPLE_MS);
  started = performance.now();
  const startedImport = await new Promise<ImportStarted>((resolve, reject) => {
    const req = http.request(`${app.url}/api/v1/pad/${copyId}/import/`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'x-csrftoken': client.cookies.get('csrftoken') ?? '',
        'content-type': 'application/zip',
        'content-length': String(exportBytes),
      },
    });
    req.on('response', (answer) => {
      let body = '';
      answer.on('data', (c: Buffer) => (body += c.toString()));
      answer.on('end', () =>
        answer.statusCode === 202 ? resolve(JSON.parse(body) as ImportStarted) : reject(new Error(body)),
      );
    });
    req.on('error', reject);
    createReadStream(exportFile).pipe(req);
  });
  const acceptedSeconds = (performance.now() - started) / 1000;
  let progress: ImportProgress;
  for (;;) {
    progress = (await client.request('GET', startedImport.status_url)).json() as unknown as ImportProgress;
    if (progress.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const importSeconds = (performance.now() - started) / 1000;
  const importPeak = sampler.stop();
  const failed = progress.files.filter((f) => f.status !== 'imported');
  if (progress.status !== 'done' || failed.length > 0) {
    throw new Error(`import ended ${progress.status}: ${JSON.stringify(failed.slice(0, 3))}`);
  }

  const exportGrowth = exportPeak - exportBefore;
  const importGrowth = importPeak - importBefore;
  const pass = (growth: number) => (growth < MAX_GROWTH ? 'PASS' : 'FAIL');
  console.log(`cores ${os.availableParallelism()}, ${NOTES} notes, ${mib(NOTES * NOTE_BYTES)} MiB of audio`);
  console.log(`zip -0 -r of the recordings: ${zipSeconds.toFixed(2)} s (${mib(plainBytes)} MiB)`);
  console.log(
    `export: ${exportSeconds.toFixed(2)} s, ${mib(exportBytes)} MiB, ${(exportBytes / 1e6 / exportSeconds).toFixed(0)} MB/s; ` +
      `server RSS ${mib(exportBefore)} -> peak ${mib(exportPeak)} MiB, growth ${mib(exportGrowth)} MiB (target < 64): ${pass(exportGrowth)}; load ${exportLoad}`,
  );
  console.log(
    `import: 202 after ${acceptedSeconds.toFixed(2)} s (upload, CRC and SHA-256 check), done after ${importSeconds.toFixed(2)} s; ` +
      `server RSS ${mib(importBefore)} -> peak ${mib(importPeak)} MiB, growth ${mib(importGrowth)} MiB (target < 64): ${pass(importGrowth)}; load ${importLoad}`,
  );
  console.log(`load average at the end: ${load()}`);
  process.exitCode = exportGrowth < MAX_GROWTH && importGrowth < MAX_GROWTH ? 0 : 1;
} finally {
  await db.destroy();
  storage.close?.();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
