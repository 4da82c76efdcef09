/**
 * `npm run bench:pads`: throughput of `GET /api/v1/pad/` (a page of 20 pads with their
 * note counts and durations, logged in) against a bare Fastify hello-world, both served
 * by their own process and loaded by the same autocannon settings in the same run.
 * Target (issue 24): the pad list reaches at least 50% of hello-world's requests per second,
 * on SQLite and on PostgreSQL (a fresh database on TEST_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432), both in the same run, each against its own hello-world
 * rounds. `BENCH_DB=sqlite` or `BENCH_DB=postgres` runs only one of them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPostgresDatabase } from '../apps/server/test/support/test-database.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { startChild, type ChildServer } from './support/child-server.ts';
import { processCpuSeconds } from './support/process-cpu.ts';
import { wavHeader } from './support/wav.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 0.5;

/** Loads `url` for one round; `cpuUs` is the server's CPU per answer (microseconds), when /proc has it. */
async function load(server: ChildServer, url: string, headers: Record<string, string> = {}) {
  const before = processCpuSeconds(server.pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const after = processCpuSeconds(server.pid);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  const cpuUs =
    before === undefined || after === undefined ? NaN : ((after - before) * 1e6) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, cpuUs };
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

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function run(backend: 'SQLite' | 'PostgreSQL'): Promise<boolean> {
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
      `${backend}: autocannon ${CONNECTIONS} connections, ${SECONDS} s per round, ${ROUNDS} paired rounds; load average ${loadAverage()}`,
    );
    // Warm both up (JIT, caches).
    await autocannon({ url: `${hello.url}/`, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: `${app.url}/api/v1/pad/`, connections: CONNECTIONS, duration: 2, headers });
    // Paired rounds, hello-world then the pad list, so drift on the machine hits both alike; the
    // verdict is the median of the per-round ratios (one noisy round cannot decide it).
    const rounds: { hello: number; pads: number; ratio: number; cpuRatio: number }[] = [];
    const cpu = { hello: [] as number[], pads: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await load(hello, `${hello.url}/`);
      const pads = await load(app, `${app.url}/api/v1/pad/`, headers);
      cpu.hello.push(bare.cpuUs);
      cpu.pads.push(pads.cpuUs);
      rounds.push({
        hello: bare.rps,
        pads: pads.rps,
        ratio: pads.rps / bare.rps,
        cpuRatio: bare.cpuUs / pads.cpuUs,
      });
    }
    const ratios = rounds.map((r) => r.ratio);
    const ratio = median(ratios);
    console.log(
      `  hello world      median ${median(rounds.map((r) => r.hello))
        .toFixed(0)
        .padStart(7)} req/s`,
    );
    console.log(
      `  GET /api/v1/pad/ median ${median(rounds.map((r) => r.pads))
        .toFixed(0)
        .padStart(7)} req/s`,
    );
    console.log(`  per-round ratios: ${ratios.map(pct).join(' ')}`);
    // What the ratio would be if each server had a core to itself: hello-world's CPU per answer
    // over the pad list's. It moves far less with the machine's load than requests per second.
    console.log(
      `  CPU per answer (server process, median): hello world ${median(cpu.hello).toFixed(1)} us, pad list ${median(cpu.pads).toFixed(1)} us; ratio ${pct(median(rounds.map((r) => r.cpuRatio)))}`,
    );
    console.log(
      `  median ratio ${pct(ratio)} (target >= ${TARGET * 100}%): ${ratio >= TARGET ? 'PASS' : 'FAIL'}; load average ${loadAverage()}`,
    );
    return ratio >= TARGET;
  } finally {
    await app.stop();
    await hello.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadAverage = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${os.availableParallelism()} cores`;

const only = process.env.BENCH_DB?.toLowerCase();
const backends = (['SQLite', 'PostgreSQL'] as const).filter(
  (b) => !only || (only === 'postgres' ? b === 'PostgreSQL' : b === 'SQLite'),
);
console.log(`bench:pads ${new Date().toISOString()} node ${process.version}`);
let ok = true;
for (const backend of backends) ok = (await run(backend)) && ok;
process.exitCode = ok ? 0 : 1;
