/**
 * `npm run bench:pads`: throughput of `GET /api/v1/pad/` (a page of 20 pads with their
 * note counts and durations, logged in) against a bare Fastify hello-world, both served
 * by their own process and loaded by the same autocannon settings in the same run.
 * Target: the pad list reaches at least 35% of hello-world's requests per second.
 * `BENCH_DB=postgres` (`npm run bench:pads-postgres`) serves the pads from a fresh PostgreSQL
 * database (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432) instead of SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPostgresDatabase } from '../apps/server/test/support/test-database.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { startChild, type ChildServer } from './support/child-server.ts';
import { wavHeader } from './support/wav.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 0.35;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function seed(app: ChildServer): Promise<BenchClient> {
  const client = new BenchClient(app.url);
  await client.login('bench', 'bench password for pads');
  for (let i = 0; i < 30; i++) {
    const pad = (
      await client.request('POST', '/api/v1/pad/', { name: `Pad ${i}`, description: 'bench' })
    ).json();
    for (let n = 0; n < 3; n++) {
      const wav = Buffer.concat([wavHeader(32000), Buffer.alloc(32000)]);
      const res = await client.request('POST', `/api/v1/pad/${String(pad.id)}/voicenote/`, wav, {
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="recording.wav"',
      });
      if (res.status !== 201) throw new Error(`upload failed: ${res.text}`);
    }
  }
  const page = (await client.request('GET', '/api/v1/pad/')).json() as { results: unknown[] };
  if (page.results.length !== 20) throw new Error('expected a full page of 20 pads');
  return client;
}

const backend = process.env.BENCH_DB === 'postgres' ? 'PostgreSQL' : 'SQLite';
const database = backend === 'PostgreSQL' ? await createPostgresDatabase() : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-pads-'));
const app = await startChild('serve-app.ts', {
  ...BENCH_ENV,
  DATA_DIR: dataDir,
  ...(database ? { DATABASE_URL: database.url } : {}),
});
const hello = await startChild('serve-hello.ts');
try {
  const client = await seed(app);
  const headers = { cookie: client.cookieHeader, accept: 'application/json' };
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per round, ${ROUNDS} paired rounds (${backend})`,
  );
  // Warm both up (JIT, caches), then alternate so drift on the machine hits both alike.
  await autocannon({ url: `${hello.url}/`, connections: CONNECTIONS, duration: 2 });
  await autocannon({ url: `${app.url}/api/v1/pad/`, connections: CONNECTIONS, duration: 2, headers });
  // Paired rounds, hello-world then the pad list, so drift on the machine hits both alike; the
  // verdict is the median of the per-round ratios (one noisy round cannot decide it).
  const rounds: { hello: number; pads: number; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bare = (await load(`${hello.url}/`)).rps;
    const pads = (await load(`${app.url}/api/v1/pad/`, headers)).rps;
    rounds.push({ hello: bare, pads, ratio: pads / bare });
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const ratios = rounds.map((r) => r.ratio);
  const ratio = median(ratios);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `hello world      median ${median(rounds.map((r) => r.hello))
      .toFixed(0)
      .padStart(7)} req/s`,
  );
  console.log(
    `GET /api/v1/pad/ median ${median(rounds.map((r) => r.pads))
      .toFixed(0)
      .padStart(7)} req/s`,
  );
  console.log(`per-round ratios: ${ratios.map(pct).join(' ')}`);
  console.log(
    `median ratio ${pct(ratio)} (target >= ${TARGET * 100}%): ${ratio >= TARGET ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = ratio >= TARGET ? 0 : 1;
} finally {
  await app.stop();
  await hello.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
